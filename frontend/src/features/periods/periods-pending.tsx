import { PeriodsHeader } from './periods-header';

/**
 * Skeleton rows while the periods of /period-management load. It is kept out of
 * period-management-page.tsx on purpose: the router plugin does not split pending components out
 * of the route, so whatever this file imports lands in the main bundle.
 */
export function PeriodsPending() {
  return (
    <section className="page" aria-labelledby="periods-title" aria-busy="true">
      <PeriodsHeader />
      <p className="visually-hidden" role="status">
        Loading periods…
      </p>
      <ol className="period-list" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="period-card period-card--skeleton">
            <span className="skeleton skeleton--title" />
            <span className="skeleton skeleton--badge" />
            <span className="skeleton skeleton--line" />
          </li>
        ))}
      </ol>
    </section>
  );
}
