import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../shared/domain/event.js';
import type { FixtureUpdate } from '../../domain/fixture-sync.js';

/**
 * The commands by which the results provider's news reaches a period: a fixture's kickoff or
 * status as the provider now reports it, and the period completing itself once every fixture has
 * finished with results. Only the season context writes period streams; live results sends these.
 */
export class SyncFixtureCommand extends Command<{ fixturesUpdated: number; changed: boolean }> {
  constructor(
    readonly periodId: number,
    readonly update: FixtureUpdate,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class AutoCompletePeriodCommand extends Command<{ completed: boolean }> {
  constructor(
    readonly periodId: number,
    readonly finishedFixtureIds: readonly string[],
    readonly context: CommandContext,
  ) {
    super();
  }
}
