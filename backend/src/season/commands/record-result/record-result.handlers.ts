import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import {
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  periodOfOption,
} from '../../domain/period-admin.js';
import { PeriodWriter } from '../../period-writer.js';
import {
  DeleteResultCommand,
  RecordResultCommand,
  type RecordResultOutcome,
} from './record-result.commands.js';

function periodFor(optionId: string): number {
  const periodId = periodOfOption(optionId);
  if (periodId === null)
    throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
  return periodId;
}

/** Results live in the period stream beside the period's completion (a completed period holds them pending). */
@CommandHandler(RecordResultCommand)
export class RecordResultHandler implements ICommandHandler<RecordResultCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ report, context, force }: RecordResultCommand): Promise<RecordResultOutcome> {
    const periodId = periodFor(report.optionId);
    let optionName: string | null = null;
    const { events, position } = await this.periods.decide(periodId, context, (state) => {
      optionName = state.options.get(report.optionId)?.name ?? null;
      const guard = report.source === 'admin' ? { now: context.now, force } : undefined;
      return decideRecordResultInPeriod(periodId, state, report, this.config.rules, guard);
    });
    const outcome = { periodId, optionName, position };
    if (events.some((event) => event.type === 'ResultRecorded')) return { status: 'recorded', ...outcome };
    if (events.some((event) => event.type === 'ResultHeldPending')) return { status: 'pending', ...outcome };
    return { status: 'unchanged', ...outcome };
  }
}

@CommandHandler(DeleteResultCommand)
export class DeleteResultHandler implements ICommandHandler<DeleteResultCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ optionId, context }: DeleteResultCommand): Promise<void> {
    const periodId = periodFor(optionId);
    await this.periods.decide(periodId, context, (state) =>
      decideDeleteResultInPeriod(periodId, state, optionId, this.config.rules),
    );
  }
}
