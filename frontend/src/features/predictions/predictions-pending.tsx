/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function PredictionsPending() {
  return (
    <section className="page" aria-labelledby="predictions-title" aria-busy="true">
      <h1 id="predictions-title">Make Your Picks</h1>
      <p className="visually-hidden" role="status">
        Loading options…
      </p>
      <ul className="option-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="option-card">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ul>
    </section>
  );
}
