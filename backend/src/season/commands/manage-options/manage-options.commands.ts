import { Command } from '@nestjs/cqrs';
import type { CommandContext } from '../../../shared/domain/event.js';
import type { CreateOption } from '../../domain/period-admin.js';

export class AddEplOptionsCommand extends Command<{ added: number }> {
  /** `periodId` null: every period of the season (competition setup, 20 x 38 options). */
  constructor(
    readonly periodId: number | null,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class ReplaceWithEplCommand extends Command<{
  removed: number;
  added: number;
  playersCleared: number;
}> {
  constructor(
    readonly periodId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class CreateOptionCommand extends Command<string> {
  constructor(
    readonly periodId: number,
    readonly input: CreateOption,
    readonly context: CommandContext,
  ) {
    super();
  }
}
