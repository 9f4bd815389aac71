import { useQueryClient } from '@tanstack/react-query';
import { authUserQueryOptions } from '../../api/auth';
import { StatPageSkeleton } from '../../components/stat-page-skeleton';

/** The start page's skeleton: the dashboard's for a signed-in player; nothing for a visitor (the landing page is static). */
export function DashboardPending() {
  const user = useQueryClient().getQueryData(authUserQueryOptions().queryKey);
  return user ? (
    <StatPageSkeleton id="dashboard-title" title="Dashboard" loading="Loading your dashboard…" />
  ) : null;
}
