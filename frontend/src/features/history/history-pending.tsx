/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function HistoryPending() {
  return (
    <section className="page" aria-labelledby="history-title" aria-busy="true">
      <h1 id="history-title">History</h1>
      <p className="visually-hidden" role="status">
        Loading your history…
      </p>
      <div className="stat-grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="stat-tile">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--title" />
          </div>
        ))}
      </div>
      <div className="panel" aria-hidden="true">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </div>
    </section>
  );
}
