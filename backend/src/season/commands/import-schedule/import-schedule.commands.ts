import { Command } from '@nestjs/cqrs';
import type { ScheduleImportResult } from '@treble/contracts';
import type { CommandContext } from '../../../shared/domain/event.js';
import type { SeasonSource } from '../../domain/season.js';
import type { SeasonSchedule } from '../../domain/season-schedule.js';

export class ImportScheduleCommand extends Command<ScheduleImportResult & { season: string }> {
  /** `season` null: the bundled season an import would choose at the pool's "now" (or the one the pool plays). */
  constructor(
    readonly context: CommandContext,
    readonly season: { schedule: SeasonSchedule; source: SeasonSource } | null = null,
  ) {
    super();
  }
}
