import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ErrorCodes,
  type CompetitionSummary,
  type Period,
  type PeriodTimeline,
  type PoolRules,
} from '@treble/contracts';
import { ProjectionEngine } from '../../../projections/projection-engine.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { periodTimeline } from '../../domain/period-timeline.js';
import { SeasonReader } from '../../season-reader.js';
import { PeriodRow, toPeriod } from './period.entity.js';

/** A past season's periods, as plain SQL reads them into the entity's shape. */
const pastPeriodsQuery = `SELECT id, name, description, segment, start_date AS "startDate", end_date AS "endDate",
  is_active AS "isActive", is_completed AS "isCompleted", is_manually_completed AS "isManuallyCompleted",
  completed_at AS "completedAt" FROM periods ORDER BY id`;

/** The periods read table: the list, the timeline with each period's next deadline, one period. */
@Injectable()
export class PeriodQueries {
  constructor(
    private readonly dataSource: DataSource,
    private readonly seasons: SeasonReader,
    private readonly engine: ProjectionEngine,
  ) {}

  /** All periods by id, of the current season or (by name) a past one. */
  list(season?: string): Promise<Period[]> {
    return this.seasons.read(
      season,
      async () =>
        (await this.dataSource.getRepository(PeriodRow).find({ order: { id: 'ASC' } })).map(toPeriod),
      async (sql) => (await sql.query<PeriodRow>(pastPeriodsQuery)).rows.map(toPeriod),
    );
  }

  /** One period; inside a command request, once the periods table shows what it changed. */
  async find(id: number): Promise<Period> {
    await this.engine.showOwnWrites(['periods']);
    const row = await this.dataSource.getRepository(PeriodRow).findOneBy({ id });
    if (!row) throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${id} does not exist.`);
    return toPeriod(row);
  }

  async timeline(now: Date): Promise<PeriodTimeline> {
    const rows = await this.dataSource.getRepository(PeriodRow).find({ order: { id: 'ASC' } });
    // The soonest lock time ahead among each period's options that can still be picked: going
    // ahead (not postponed or cancelled) and without a result.
    const deadlines: { period_id: number; next_deadline: Date | string | null }[] =
      await this.dataSource.query(
        `SELECT o.period_id, min(o.lock_at) AS next_deadline
         FROM options o LEFT JOIN results r ON r.option_id = o.id
        WHERE o.lock_at > $1 AND (o.fixture_status IS NULL OR o.fixture_status = 'SCHEDULED') AND r.option_id IS NULL
        GROUP BY o.period_id`,
        [now],
      );
    const byPeriod = new Map(
      deadlines.map((d) => [
        Number(d.period_id),
        d.next_deadline === null ? null : new Date(d.next_deadline),
      ]),
    );
    return periodTimeline(
      rows.map((row) => ({ period: toPeriod(row), nextDeadline: byPeriod.get(row.id) ?? null })),
      now,
    );
  }

  /** The open period whose next deadline is soonest; with none open, the last that started (or null). */
  async current(now: Date): Promise<Period | null> {
    const current = (await this.timeline(now)).periods.find((period) => period.isCurrent);
    if (!current) return null;
    const {
      status: _status,
      openForPicks: _open,
      nextDeadline: _deadline,
      isCurrent: _current,
      ...period
    } = current;
    return period;
  }

  async competitionSummary(rules: PoolRules): Promise<CompetitionSummary> {
    const rows = await this.dataSource.getRepository(PeriodRow).find({ select: { id: true, segment: true } });
    const last10 = rows.filter((row) => row.segment === 'last10').length;
    return {
      totalPeriods: rows.length,
      overallPeriods: rows.length,
      last10Periods: last10,
      survivorPeriods: rows.length,
      dualScoringNote: `Picks in the Last 10 periods (from period ${rules.last10FirstPeriod}) count toward both Overall and Last 10.`,
    };
  }
}
