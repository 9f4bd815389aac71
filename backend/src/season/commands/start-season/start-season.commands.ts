import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../shared/domain/event.js';

/**
 * Starts the season after the current one in the same pool (`pool-seasons`, decided with its
 * expected version): `unfinished` lists the ending season's matchweeks not completed, which the
 * admin must confirm (`force`).
 */
export class StartNextSeasonCommand extends Command<void> {
  constructor(
    readonly season: string,
    readonly unfinished: readonly number[],
    readonly force: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}
