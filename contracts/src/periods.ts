import type { Segment } from './rules.js';

/** A period (one Premier League matchweek) as the API serves it. Instants are ISO 8601 in UTC. */
export interface Period {
  id: number;
  name: string;
  description: string | null;
  segment: Segment;
  startDate: string;
  endDate: string;
  isActive: boolean;
  isCompleted: boolean;
  isManuallyCompleted: boolean;
  completedAt: string | null;
}

/** One matchweek of the bundled or imported season schedule (`GET /api/epl-schedule`). */
export interface ScheduleEntry {
  matchweek: number;
  description: string;
  startDate: string;
  endDate: string;
  segment: Segment;
  fixtureCount: number;
}

/** Answer of the schedule import (`POST /api/admin/setup/periods`, `POST /api/create-epl-periods`). */
export interface ScheduleImportResult {
  message: string;
  created: number;
  unchanged: number;
  totalPeriods: number;
}

export type PeriodStatus = 'Manually Completed' | 'Auto Completed' | 'Active' | 'Pending';

/** Status shown for a period, in the priority order of RULES.md. */
export function periodStatus(period: Pick<Period, 'isManuallyCompleted' | 'isCompleted' | 'isActive'>): PeriodStatus {
  if (period.isManuallyCompleted) return 'Manually Completed';
  if (period.isCompleted) return 'Auto Completed';
  if (period.isActive) return 'Active';
  return 'Pending';
}
