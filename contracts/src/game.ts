import type { Segment } from './rules.js';

export type Outcome = 'win' | 'draw' | 'loss';

/** An option of a period (`GET /api/periods/{id}/options`), seen by one player. */
export interface Option {
  id: string;
  periodId: number;
  name: string;
  description: string | null;
  sortOrder: number;
  teamKey: string;
  shortName: string | null;
  /** The fixture of an EPL option; null for a custom option. */
  fixture: {
    fixtureId: string;
    opponent: string;
    opponentCode: string;
    isHome: boolean;
    kickoff: string | null;
    status: string;
  } | null;
  /** When picks on it lock (kickoff, or the period's start for a custom option). */
  lockAt: string | null;
  isLocked: boolean;
  /** The player's uses of this team over the season. */
  usageCount: number;
  /** The player's pick of this option, if any. */
  choiceId: string | null;
  /** How many players picked it: shown only once it is locked. */
  pickCount: number | null;
  /** The option's result once recorded; the score when the result came with one (provider results). */
  result: { outcome: Outcome; points: number; homeScore?: number | null; awayScore?: number | null } | null;
}

export interface Choice {
  id: string;
  userId: string;
  periodId: number;
  optionId: string;
}

/** `POST /api/choices`: a player's pick. */
export interface MakeChoiceRequest {
  periodId: number;
  optionId: string;
}

export interface Result {
  optionId: string;
  periodId: number;
  outcome: Outcome;
  points: number;
  source: 'admin' | 'provider';
}

/** A recorded result (`GET /api/results`, `GET /api/results/period/{periodId}`), with the score a provider result came with. */
export interface ResultView extends Result {
  fixtureId: string | null;
  homeScore: number | null;
  awayScore: number | null;
  recordedAt: string;
}

/**
 * `POST /api/results` (admin). The form may send the option or the outcome empty: the answer is then
 * 400 RESULT_OPTION_OUTCOME_REQUIRED. `points`, when sent, must be what the outcome is worth.
 */
export interface RecordResultRequest {
  optionId?: string | null;
  outcome?: Outcome | '' | null;
  points?: number | null;
  /** The admin confirmed a result for a match that has not kicked off (after RESULT_BEFORE_KICKOFF). */
  force?: boolean;
}

/** `recorded`; `pending` (the period is completed: held until it is reopened); `unchanged` (the same result again). */
export type RecordResultStatus = 'recorded' | 'pending' | 'unchanged';

/** The answer to `POST /api/results`. */
export interface RecordResultResponse extends MessageResponse, Result {
  status: RecordResultStatus;
  source: 'admin';
}

export interface EplTeam {
  code: string;
  name: string;
  shortName: string;
  city: string;
  promoted: boolean;
}

export interface CompetitionSummary {
  totalPeriods: number;
  overallPeriods: number;
  last10Periods: number;
  survivorPeriods: number;
  dualScoringNote: string;
}

export interface MessageResponse {
  message: string;
}

export interface CreatePeriodRequest {
  name: string;
  description?: string | null;
  startDate: string;
  endDate: string;
  segment?: Segment;
}

/** `PATCH /api/periods/{id}` (admin). */
export interface SetPeriodActiveRequest {
  isActive: boolean;
}

/** `POST /api/periods/{id}/complete` (admin). */
export interface CompletePeriodRequest {
  /** The admin confirmed completing a period that has not started or still misses results. */
  force?: boolean;
}

/** `POST /api/options` (admin): a custom option; no description is null, no sort order is 1. */
export interface CreateOptionRequest {
  periodId: number;
  name: string;
  description?: string | null;
  sortOrder?: number;
}

export type Competition = 'overall' | 'survivor' | 'last10';
export type Currency = 'USD' | 'GBP' | 'EUR';

/**
 * `POST /api/prizes` and `PATCH /api/prizes/{id}` (admin; a patch may leave fields out). The prize
 * rules ("Position is required") are the server's: it reads each field loosely and checks them there.
 */
export interface PrizeRequest {
  competition: Competition;
  /** Text as entered ("1st", "2nd", "Winner"). */
  position: string;
  /** Decimal string with two decimals. */
  amount: string;
  currency: Currency;
  description: string | null;
  isActive: boolean;
}

export interface Prize extends PrizeRequest {
  id: string;
}
