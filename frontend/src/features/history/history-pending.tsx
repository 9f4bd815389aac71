import { StatPageSkeleton } from '../../components/stat-page-skeleton';

/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function HistoryPending() {
  return (
    <StatPageSkeleton id="history-title" title="History" loading="Loading your history…">
      <div className="panel" aria-hidden="true">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line" />
        <span className="skeleton skeleton--line" />
      </div>
    </StatPageSkeleton>
  );
}
