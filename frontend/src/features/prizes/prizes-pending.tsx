/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function PrizesPending() {
  return (
    <section className="page" aria-labelledby="prizes-title" aria-busy="true">
      <h1 id="prizes-title">Prizes</h1>
      <p className="visually-hidden" role="status">
        Loading the prizes…
      </p>
      <div className="stat-grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="stat-tile">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--title" />
          </div>
        ))}
      </div>
    </section>
  );
}
