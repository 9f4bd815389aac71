import { StatPageSkeleton } from '../../components/stat-page-skeleton';

/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function PrizesPending() {
  return <StatPageSkeleton id="prizes-title" title="Prizes" loading="Loading the prizes…" />;
}
