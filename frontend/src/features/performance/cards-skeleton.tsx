/** Period cards on their way (a comparison the player just asked for). */
export function CardsSkeleton() {
  return (
    <div className="compare-grid" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading…
      </p>
      {Array.from({ length: 2 }, (_, index) => (
        <div key={index} className="compare-card" aria-hidden="true">
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
        </div>
      ))}
    </div>
  );
}
