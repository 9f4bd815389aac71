import { StatPageSkeleton } from '../../components/stat-page-skeleton';

/** The page's skeleton; a file of its own so the route can show it without loading the page. */
export function InvitePending() {
  return <StatPageSkeleton id="invite-title" title="Invite & Grow" loading="Loading…" />;
}
