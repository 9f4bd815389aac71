import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../domain/event.js';
import type { OptionView, VoidReason } from '../domain/option-view.js';

/**
 * The commands by which other contexts change players' picks. Only the picks context writes the
 * picks streams: it handles these (backend/src/picks/commands/picks-maintenance.handlers.ts); the
 * season context sends the first when a period's options are replaced, live results the second
 * when a fixture is called off. They live here, below both, so neither imports the other.
 */
export class ClearPeriodPicksCommand extends Command<{ playersCleared: number }> {
  constructor(
    readonly periodId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** Voids every player's picks on the option (as it stood before the fixture was called off). */
export class VoidOptionPicksCommand extends Command<{ voided: number }> {
  constructor(
    readonly option: OptionView,
    readonly reason: VoidReason,
    readonly context: CommandContext,
  ) {
    super();
  }
}
