import { Injectable } from '@nestjs/common';
import { ErrorCodes, type Option, type Outcome } from '@treble/contracts';
import { DataSource } from 'typeorm';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { DomainError } from '../../../shared/domain/domain-error.js';

interface OptionRow {
  id: string;
  period_id: number;
  team_key: string;
  name: string;
  short_name: string | null;
  description: string | null;
  sort_order: number;
  fixture_id: string | null;
  opponent: string | null;
  opponent_code: string | null;
  is_home: boolean | null;
  kickoff: Date | null;
  fixture_status: string | null;
  lock_at: Date | null;
  outcome: Outcome | null;
  points: number | null;
  home_score: number | null;
  away_score: number | null;
  usage_count: string;
  choice_id: string | null;
  pick_count: string | null;
}

function toOption(row: OptionRow, now: Date): Option {
  return {
    id: row.id,
    periodId: row.period_id,
    name: row.name,
    description: row.description,
    sortOrder: row.sort_order,
    teamKey: row.team_key,
    shortName: row.short_name,
    fixture: row.fixture_id
      ? {
          fixtureId: row.fixture_id,
          opponent: row.opponent ?? '',
          opponentCode: row.opponent_code ?? '',
          isHome: row.is_home ?? false,
          kickoff: row.kickoff?.toISOString() ?? null,
          status: row.fixture_status ?? 'SCHEDULED',
        }
      : null,
    lockAt: row.lock_at?.toISOString() ?? null,
    // An option with a result is locked too, even when its recorded kickoff is still ahead.
    isLocked: (row.lock_at !== null && row.lock_at.getTime() <= now.getTime()) || row.outcome !== null,
    usageCount: Number(row.usage_count),
    choiceId: row.choice_id,
    pickCount: row.pick_count === null ? null : Number(row.pick_count),
    result:
      row.outcome && row.points !== null
        ? { outcome: row.outcome, points: row.points, homeScore: row.home_score, awayScore: row.away_score }
        : null,
  };
}

/**
 * Options as one player sees them: their uses of each team, their pick, and (only once an option
 * has locked) how many players picked it: picks stay hidden until the deadline.
 */
@Injectable()
export class OptionQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly engine: ProjectionEngine,
  ) {}

  private select(where: string): string {
    return `
      SELECT o.*, r.outcome, r.points, r.home_score, r.away_score,
        (SELECT count(*) FROM choices c WHERE c.user_id = $1 AND c.team_key = o.team_key AND c.status = 'active') AS usage_count,
        (SELECT c.choice_id FROM choices c WHERE c.user_id = $1 AND c.option_id = o.id AND c.status = 'active' LIMIT 1) AS choice_id,
        CASE WHEN o.lock_at <= $2 OR r.option_id IS NOT NULL THEN (SELECT count(*) FROM choices c WHERE c.option_id = o.id AND c.status = 'active') END AS pick_count
      FROM options o LEFT JOIN results r ON r.option_id = o.id
      WHERE ${where}
      ORDER BY o.sort_order, o.name`;
  }

  async forPeriod(periodId: number, userId: string, now: Date): Promise<Option[]> {
    const rows: OptionRow[] = await this.dataSource.query(this.select('o.period_id = $3'), [
      userId,
      now,
      periodId,
    ]);
    return rows.map((row) => toOption(row, now));
  }

  /** One option; inside a command request (an option just created), once the table shows it. */
  async one(optionId: string, userId: string, now: Date): Promise<Option> {
    await this.engine.showOwnWrites(['options']);
    const rows: OptionRow[] = await this.dataSource.query(this.select('o.id = $3'), [userId, now, optionId]);
    if (!rows[0]) throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
    return toOption(rows[0], now);
  }
}
