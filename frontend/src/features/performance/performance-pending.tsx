import { StatPageSkeleton } from '../../components/stat-page-skeleton';

/** The page's skeleton; a file of its own so the route can show it without loading the page (and recharts). */
export function PerformancePending() {
  return <StatPageSkeleton id="performance-title" title="Performance" loading="Loading your performance…" />;
}
