import type { ReactNode } from 'react';

/**
 * A page's skeleton while its data loads: its title, an announcement for screen readers and four
 * placeholder stat tiles (then `children`). Small on purpose: routes show it from the main bundle.
 */
export function StatPageSkeleton({
  id,
  title,
  loading,
  children,
}: {
  id: string;
  title: string;
  loading: string;
  children?: ReactNode;
}) {
  return (
    <section className="page" aria-labelledby={id} aria-busy="true">
      <h1 id={id}>{title}</h1>
      <p className="visually-hidden" role="status">
        {loading}
      </p>
      <div className="stat-grid" aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <div key={index} className="stat-tile">
            <span className="skeleton skeleton--line" />
            <span className="skeleton skeleton--title" />
          </div>
        ))}
      </div>
      {children}
    </section>
  );
}
