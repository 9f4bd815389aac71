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

/** A season an admin can import (`GET /api/admin/seasons`). */
export interface SeasonChoice {
  /** Like `2026-27`. */
  season: string;
  source: SeasonDataSource;
  label: string;
  /** First kickoff and end of the last match (bundled); the nominal August-June window (football-data.org). */
  startDate: string;
  endDate: string;
  /** Known for bundled seasons; null until football-data.org is asked. */
  matchweeks: number | null;
  results: number | null;
  /** The season whose dates hold today (or the next to start): what a fresh pool imports. */
  isDefault: boolean;
}

/** `GET /api/admin/seasons`: what can be imported, and the season the pool plays (null before an import). */
export interface SeasonCatalogueView {
  current: string | null;
  /** The seasons this pool played before the current one, oldest first. */
  past: string[];
  /** What starting the next season would need (null before the pool has a season). */
  next: NextSeasonStatus | null;
  seasons: SeasonChoice[];
  /** Whether football-data.org seasons can be imported (FOOTBALL_DATA_API_KEY is set). */
  providerAvailable: boolean;
}

/** Where a season's schedule (and results) come from: shipped with Treble, or football-data.org. */
export type SeasonDataSource = 'bundled' | 'football-data';

/**
 * `POST /api/admin/setup/season`: a season by name (default: the catalogue's default), from its
 * default source unless `source` says; `results: false` imports the fixtures only.
 */
export interface ImportSeasonRequest {
  season?: string;
  source?: SeasonDataSource;
  results?: boolean;
}

/** `POST /api/admin/setup/season-file`: an openfootball en.1.json or Football.TXT file. */
export interface ImportSeasonFileRequest {
  /** The file's text (Football.TXT), or its parsed JSON (en.1.json). */
  content: unknown;
  /** The season, when the file names none (like 2026-27). */
  season?: string;
  /** File team name → team code, for names that match no known club. */
  teamMap?: Record<string, string>;
  results?: boolean;
}

/** `POST /api/admin/seasons/next`: the season after the current one (default: the next by name). */
export interface StartNextSeasonRequest extends ImportSeasonRequest {
  /** Start although matchweeks of the current season are not completed (the admin confirmed). */
  force?: boolean;
}

/** Answer of the one-step season import (`POST /api/admin/setup/season`, `POST /api/admin/setup/season-file`). */
export interface SeasonImportResult extends ScheduleImportResult {
  season: string;
  source: SeasonDataSource | 'file';
  optionsAdded: number;
  resultsRecorded: number;
  periodsCompleted: number[];
}

/**
 * Where a period stands for picking at the pool's "now" (`GET /api/periods/timeline`):
 * `upcoming` (open for picks, nothing has kicked off), `open` (open, some matches under way or
 * played: the options not yet kicked off can still be picked), `ended` (every deadline passed, not
 * completed; or over before the pool imported its season), `completed`, `inactive` (switched off by an admin).
 */
export type PeriodPickStatus = 'upcoming' | 'open' | 'ended' | 'completed' | 'inactive';

export interface PeriodTimelineEntry extends Period {
  status: PeriodPickStatus;
  /** Some option can still be picked (active, not completed, an option not locked). */
  openForPicks: boolean;
  /** The soonest deadline (option lock time) still ahead; null when none. */
  nextDeadline: string | null;
  isCurrent: boolean;
}

export interface PeriodTimeline {
  now: string;
  /** The current period: the one whose next deadline is soonest; else the last one that started. */
  currentPeriodId: number | null;
  periods: PeriodTimelineEntry[];
}

export type PeriodStatus = 'Manually Completed' | 'Auto Completed' | 'Active' | 'Pending';

/** Status shown for a period, in the priority order of docs/rules.md. */
export function periodStatus(
  period: Pick<Period, 'isManuallyCompleted' | 'isCompleted' | 'isActive'>,
): PeriodStatus {
  if (period.isManuallyCompleted) return 'Manually Completed';
  if (period.isCompleted) return 'Auto Completed';
  if (period.isActive) return 'Active';
  return 'Pending';
}

/** Whether the admin can start the season after the current one (`POST /api/admin/seasons/next`). */
export interface NextSeasonStatus {
  /** Like `2027-28`. */
  season: string;
  /** Whether Treble knows its fixtures (bundled, or football-data.org when set up); else a file import is needed. */
  available: boolean;
  /** Current-season matchweeks not completed yet: starting before they are needs `force`. */
  unfinishedPeriods: number[];
  /** Every matchweek of the current season is completed or has ended: time for the next one. */
  seasonOver: boolean;
}

/** The seasons of this pool, for the season switcher: the current one and the past ones, newest first. */
export interface PoolSeasonsView {
  current: string | null;
  seasons: { season: string; isCurrent: boolean }[];
}

/** One past season's winners (rank 1; ties share it) and what they won. */
export interface HallOfFameSeason {
  season: string;
  competitions: {
    competition: 'overall' | 'survivor' | 'last10';
    /** `payout`: what the winner won (the sum of their prize amounts, in `currency`), or null when no prize was set. */
    winners: {
      userId: string;
      displayName: string;
      points: number;
      payout: number | null;
      currency: string | null;
    }[];
  }[];
  players: number;
}

/** Answer of `POST /api/admin/seasons/next`: the season started, and its schedule when Treble has it. */
export interface NextSeasonResult {
  season: string;
  previous: string;
  /** The one-step import of the new season; null when its fixtures must come from a file (Schedule tab). */
  imported: SeasonImportResult | null;
  message: string;
}
