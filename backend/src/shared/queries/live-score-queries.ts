import { Query } from '@nestjs/cqrs';

/** A match's score as the results provider last reported it (live-results context). */
export interface LiveScore {
  fixtureId: string;
  /** The provider's status (`IN_PLAY`, `PAUSED`, `FINISHED`, …). */
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  /** When this score (and status) was first reported. */
  changedAt: Date;
}

export interface LiveScores {
  scores: LiveScore[];
  /** The latest poll that reported scores of the season; null before any. */
  seenAt: Date | null;
  /** The results poll has failed since `seenAt`. */
  stale: boolean;
}

/** The current scores of a season's matches that have kicked off (docs/adr/016). */
export class LiveScoresQuery extends Query<LiveScores> {
  constructor(readonly season: string) {
    super();
  }
}
