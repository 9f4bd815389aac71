import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { resultRequiredMessage, type ResultSource } from '../../../results/domain/results.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import type { CommandContext } from '../../../shared/domain/event.js';
import {
  decideDeleteResultInPeriod,
  decideRecordResultInPeriod,
  periodOfOption,
} from '../../domain/period-admin.js';
import { PeriodStreams } from '../../period-streams.js';

export interface RecordResultOutcome {
  /** 'recorded', 'pending' (the period is completed: held for an admin) or 'unchanged'. */
  status: 'recorded' | 'pending' | 'unchanged';
  /** The option's name (its team), for notices. */
  optionName: string | null;
}

export class RecordResultCommand extends Command<RecordResultOutcome> {
  constructor(
    readonly input: {
      optionId?: string | null;
      outcome?: string | null;
      points?: number | null;
      /** An admin confirmed a result before the match's kickoff. */
      force?: boolean;
      /** The match a provider result comes from, and its score. */
      fixtureId?: string;
      homeScore?: number;
      awayScore?: number;
    },
    readonly source: ResultSource,
    readonly context: CommandContext,
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

function periodFor(optionId: string | null | undefined): number {
  const periodId = optionId ? periodOfOption(optionId) : null;
  if (periodId === null)
    throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
  return periodId;
}

/** Results live in the period stream beside the period's completion (a completed period holds them pending). */
@CommandHandler(RecordResultCommand)
export class RecordResultHandler implements ICommandHandler<RecordResultCommand> {
  constructor(
    private readonly periods: PeriodStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, source, context }: RecordResultCommand): Promise<RecordResultOutcome> {
    if (!input.optionId || !input.outcome) {
      throw new DomainError(ErrorCodes.RESULT_OPTION_OUTCOME_REQUIRED, resultRequiredMessage);
    }
    const periodId = periodFor(input.optionId);
    let optionName: string | null = null;
    const { events } = await this.periods.decide(periodId, context, (state) => {
      optionName = state.options.get(input.optionId!)?.name ?? null;
      const guard = source === 'admin' ? { now: context.now, force: input.force === true } : undefined;
      return decideRecordResultInPeriod(periodId, state, { ...input, source }, this.config.rules, guard);
    });
    if (events.some((event) => event.type === 'ResultRecorded')) return { status: 'recorded', optionName };
    if (events.some((event) => event.type === 'ResultHeldPending')) return { status: 'pending', optionName };
    return { status: 'unchanged', optionName };
  }
}

@CommandHandler(DeleteResultCommand)
export class DeleteResultHandler implements ICommandHandler<DeleteResultCommand> {
  constructor(
    private readonly periods: PeriodStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ optionId, context }: DeleteResultCommand): Promise<void> {
    const periodId = periodFor(optionId);
    await this.periods.decide(periodId, context, (state) =>
      decideDeleteResultInPeriod(periodId, state, optionId, this.config.rules),
    );
  }
}
