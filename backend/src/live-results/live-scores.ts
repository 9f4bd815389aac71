import { Injectable } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Database } from '../platform/database/database.js';
import { LiveScoresQuery, type LiveScores } from '../shared/queries/live-score-queries.js';
import { fixtureIdOf } from './domain/match-plan.js';
import type { ProviderAnswer } from './domain/provider-match.js';
import { PollLog } from './poll-log.js';

/** Statuses before kick-off: nothing to keep until a match starts. */
const notStarted = new Set(['SCHEDULED', 'TIMED']);

/**
 * The scores of matches that have kicked off, as the provider last reported them: state beside the
 * log (docs/adr/016), the install's (a match's score is the same in every pool playing its season).
 * The results poller writes what each poll saw; every instance reads the same rows.
 */
@Injectable()
export class LiveScoreBoard {
  constructor(
    private readonly database: Database,
    private readonly polls: PollLog,
  ) {}

  /**
   * Keeps what a poll of `season` reported of every match that has kicked off; answers whether a
   * score or status changed (a match seen again as it was changes nothing but when it was seen).
   */
  async record(season: string, answers: readonly ProviderAnswer[], seenAt: Date): Promise<boolean> {
    const matches = new Map(
      answers
        .flatMap((answer) => answer.matches)
        .filter((match) => !notStarted.has(match.status))
        .map((match) => [fixtureIdOf(season, match), match]),
    );
    if (matches.size === 0) return false;
    const rows = [...matches];
    const { rows: written } = await this.database.query<{ changed: boolean }>(
      `INSERT INTO live_scores AS l (season, fixture_id, status, home_score, away_score, changed_at, seen_at)
       SELECT $1, x.fixture_id, x.status, x.home_score, x.away_score, $6, $6
         FROM unnest($2::text[], $3::text[], $4::integer[], $5::integer[]) AS x(fixture_id, status, home_score, away_score)
       ON CONFLICT (season, fixture_id) DO UPDATE SET
         status = EXCLUDED.status, home_score = EXCLUDED.home_score, away_score = EXCLUDED.away_score,
         seen_at = EXCLUDED.seen_at,
         changed_at = CASE WHEN (l.status, l.home_score, l.away_score)
                                IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.home_score, EXCLUDED.away_score)
                           THEN EXCLUDED.changed_at ELSE l.changed_at END
       RETURNING changed_at = seen_at AS changed`,
      [
        season,
        rows.map(([fixtureId]) => fixtureId),
        rows.map(([, match]) => match.status),
        rows.map(([, match]) => match.homeScore),
        rows.map(([, match]) => match.awayScore),
        seenAt,
      ],
    );
    return written.some((row) => row.changed);
  }

  async scoresOf(season: string): Promise<LiveScores> {
    const { rows } = await this.database.query<{
      fixture_id: string;
      status: string;
      home_score: number | null;
      away_score: number | null;
      changed_at: Date;
      seen_at: Date;
    }>(
      'SELECT fixture_id, status, home_score, away_score, changed_at, seen_at FROM live_scores WHERE season = $1',
      [season],
    );
    const seenAt = rows.reduce<Date | null>(
      (latest, row) => (latest === null || row.seen_at > latest ? row.seen_at : latest),
      null,
    );
    const last = seenAt === null ? null : await this.polls.latest();
    return {
      scores: rows.map((row) => ({
        fixtureId: row.fixture_id,
        status: row.status,
        homeScore: row.home_score,
        awayScore: row.away_score,
        changedAt: row.changed_at,
      })),
      seenAt,
      stale: last !== null && !last.ok && seenAt !== null && last.at >= seenAt,
    };
  }
}

@QueryHandler(LiveScoresQuery)
export class LiveScoresHandler implements IQueryHandler<LiveScoresQuery> {
  constructor(private readonly board: LiveScoreBoard) {}

  execute({ season }: LiveScoresQuery): Promise<LiveScores> {
    return this.board.scoresOf(season);
  }
}
