import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { decideAutoCompletePeriod, decideSyncFixture } from '../../domain/fixture-sync.js';
import { PeriodWriter } from '../../period-writer.js';
import { AutoCompletePeriodCommand, SyncFixtureCommand } from './sync-fixtures.commands.js';

@CommandHandler(SyncFixtureCommand)
export class SyncFixtureHandler implements ICommandHandler<SyncFixtureCommand> {
  constructor(private readonly periods: PeriodWriter) {}
  async execute({
    periodId,
    update,
    context,
  }: SyncFixtureCommand): Promise<{ fixturesUpdated: number; changed: boolean }> {
    const { events } = await this.periods.decide(periodId, context, (state) =>
      decideSyncFixture(state, update),
    );
    return {
      fixturesUpdated: events.filter((event) => event.type === 'FixtureUpdated').length,
      changed: events.length > 0,
    };
  }
}

@CommandHandler(AutoCompletePeriodCommand)
export class AutoCompletePeriodHandler implements ICommandHandler<AutoCompletePeriodCommand> {
  constructor(private readonly periods: PeriodWriter) {}
  async execute({
    periodId,
    finishedFixtureIds,
    context,
  }: AutoCompletePeriodCommand): Promise<{ completed: boolean }> {
    const { events } = await this.periods.decide(periodId, context, (state) =>
      decideAutoCompletePeriod(state, new Set(finishedFixtureIds), context.now),
    );
    return { completed: events.some((event) => event.type === 'PeriodCompleted') };
  }
}
