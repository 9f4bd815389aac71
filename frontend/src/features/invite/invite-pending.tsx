/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function InvitePending() {
  return (
    <section className="page" aria-labelledby="invite-title" aria-busy="true">
      <h1 id="invite-title">Invite &amp; Grow</h1>
      <p className="visually-hidden" role="status">
        Loading…
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
