import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '../../../platform/http/api-docs.js';
import { DataSource } from 'typeorm';
import type { Period, PeriodTimeline } from '@treble/contracts';
import { CLOCK, type Clock } from '../../../platform/clock/clock.js';
import { periodTimeline } from '../../domain/period-timeline.js';
import { PeriodRow, periodOfSqlRow, toPeriod, type PeriodSqlRow } from './period.entity.js';
import { SeasonReader } from '../../season-reader.js';
import { Player } from '../../../platform/http/access.decorators.js';

@ApiTags('periods')
@Controller('periods')
@Player()
export class PeriodsController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly seasons: SeasonReader,
  ) {}

  @Get()
  @ApiOperation({ summary: 'All periods, by id (of a past season with ?season=YYYY-YY)' })
  async list(@Query('season') season?: string): Promise<Period[]> {
    return this.seasons.read(
      season,
      async () =>
        (await this.dataSource.getRepository(PeriodRow).find({ order: { id: 'ASC' } })).map(toPeriod),
      async (sql) =>
        (await sql.query<PeriodSqlRow>('SELECT * FROM periods ORDER BY id')).rows.map(periodOfSqlRow),
    );
  }

  @Get('timeline')
  @ApiOperation({
    summary:
      'Every period with its pick status (upcoming, open, ended, completed, inactive), openForPicks, its next deadline, and the current period (soonest next deadline)',
  })
  async timeline(): Promise<PeriodTimeline> {
    const now = this.clock.now();
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

  @Get('current')
  @ApiOperation({
    summary:
      'The current period: the open one whose next deadline is soonest; with none open, the last that started (or null)',
  })
  async current(): Promise<Period | null> {
    const timeline = await this.timeline();
    const current = timeline.periods.find((period) => period.isCurrent);
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
}
