import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ScheduleImportResult } from '@treble/contracts';
import { decideSchedulePeriod } from '../../domain/period.js';
import { PeriodWriter } from '../../period-writer.js';
import { PoolSeasons } from '../../pool-seasons.js';
import { SeasonCatalogue } from '../../season-catalogue.js';
import { SeasonWriter } from '../../season-writer.js';
import { ImportScheduleCommand } from './import-schedule.commands.js';

/**
 * Turns the season's matchweeks into periods, one `period-{n}` stream each (scoped by season after the pool's first). Each period is decided
 * on its own stream with its expected version, so two imports at once cannot create a period twice.
 */
@CommandHandler(ImportScheduleCommand)
export class ImportScheduleHandler implements ICommandHandler<ImportScheduleCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    private readonly catalogue: SeasonCatalogue,
    private readonly seasons: PoolSeasons,
    private readonly writer: SeasonWriter,
  ) {}

  async execute({
    context,
    season: chosen,
  }: ImportScheduleCommand): Promise<ScheduleImportResult & { season: string }> {
    const season = chosen?.schedule ?? (await this.catalogue.currentOrDefault(context.now));
    // The pool's first import chooses its season; later ones must be of the season it plays.
    await this.writer.start({ mode: 'first', season: season.season }, context);
    const scope = await this.seasons.scope();
    let created = 0;
    await this.writer.record(season, chosen?.source ?? 'bundled', context);
    for (const matchweek of season.matchweeks) {
      const { events } = await this.periods.decide(
        matchweek.number,
        context,
        (state) => decideSchedulePeriod(season.season, matchweek, state, context.now),
        scope,
      );
      if (events.some((event) => event.type === 'PeriodScheduled')) created++;
    }
    const total = season.matchweeks.length;
    const message =
      created === total
        ? `Created all ${total} EPL periods with authentic fixture dates.`
        : created === 0
          ? `All ${total} EPL periods already exist; nothing was changed.`
          : `Created ${created} EPL periods; ${total - created} already existed.`;
    return {
      message,
      created,
      unchanged: total - created,
      totalPeriods: total,
      season: season.season,
    };
  }
}
