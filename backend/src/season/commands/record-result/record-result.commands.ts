import { Command } from '@nestjs/cqrs';
import type { RecordResultStatus } from '@treble/contracts';
import type { ResultReport } from '../../../results/index.js';
import type { CommandContext } from '../../../shared/domain/event.js';

export interface RecordResultOutcome {
  /** 'recorded', 'pending' (the period is completed: held for an admin) or 'unchanged'. */
  status: RecordResultStatus;
  periodId: number;
  /** The option's name (its team), for notices. */
  optionName: string | null;
  /** The log's position of what it recorded (null: nothing). */
  position: bigint | null;
}

/**
 * Records a result already parsed at the edge (the admin form by `parseAdminResult`, the provider's
 * score by the match sync). `force`: an admin confirmed a result before the match's kickoff.
 */
export class RecordResultCommand extends Command<RecordResultOutcome> {
  constructor(
    readonly report: ResultReport,
    readonly context: CommandContext,
    readonly force = false,
  ) {
    super();
  }
}

export class DeleteResultCommand extends Command<void> {
  constructor(
    readonly optionId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}
