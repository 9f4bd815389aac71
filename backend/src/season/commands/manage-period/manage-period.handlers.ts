import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes, defaultSegment, type CreatePeriodRequest } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import type { CommandContext } from '../../../shared/domain/event.js';
import { decideCompletePeriod, decideReopenPeriod, decideSetActive } from '../../domain/period-admin.js';
import type { PeriodEvent } from '../../domain/period.js';
import { PeriodWriter } from '../../period-writer.js';
import { PeriodStreams } from '../../period-streams.js';

export class SetPeriodActiveCommand extends Command<void> {
  constructor(
    readonly periodId: number,
    readonly isActive: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class CompletePeriodCommand extends Command<void> {
  constructor(
    readonly periodId: number,
    readonly context: CommandContext,
    /** The admin confirmed completing a period that has not started or still misses results. */
    readonly force = false,
  ) {
    super();
  }
}

export class ReopenPeriodCommand extends Command<void> {
  constructor(
    readonly periodId: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class CreatePeriodCommand extends Command<number> {
  constructor(
    readonly input: CreatePeriodRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(SetPeriodActiveCommand)
export class SetPeriodActiveHandler implements ICommandHandler<SetPeriodActiveCommand> {
  constructor(private readonly periods: PeriodWriter) {}
  async execute({ periodId, isActive, context }: SetPeriodActiveCommand): Promise<void> {
    await this.periods.decide(periodId, context, (state) => decideSetActive(periodId, state, isActive));
  }
}

@CommandHandler(CompletePeriodCommand)
export class CompletePeriodHandler implements ICommandHandler<CompletePeriodCommand> {
  constructor(private readonly periods: PeriodWriter) {}
  async execute({ periodId, context, force }: CompletePeriodCommand): Promise<void> {
    await this.periods.decide(periodId, context, (state) =>
      decideCompletePeriod(periodId, state, context.now, force),
    );
  }
}

@CommandHandler(ReopenPeriodCommand)
export class ReopenPeriodHandler implements ICommandHandler<ReopenPeriodCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}
  async execute({ periodId, context }: ReopenPeriodCommand): Promise<void> {
    await this.periods.decide(periodId, context, (state) =>
      decideReopenPeriod(periodId, state, this.config.rules),
    );
  }
}

/**
 * The admin form's period: the next free number, no fixtures. Two admins creating at once get
 * different numbers.
 */
@CommandHandler(CreatePeriodCommand)
export class CreatePeriodHandler implements ICommandHandler<CreatePeriodCommand> {
  constructor(
    private readonly periods: PeriodWriter,
    private readonly streams: PeriodStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ input, context }: CreatePeriodCommand): Promise<number> {
    const start = Date.parse(input.startDate);
    const end = Date.parse(input.endDate);
    if (Number.isNaN(start) || Number.isNaN(end)) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'startDate and endDate must be ISO date-times');
    }
    if (end <= start) throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'endDate must be after startDate');
    const highest = (await this.streams.all()).length;
    for (let periodId = highest + 1; periodId < highest + 20; periodId++) {
      const scheduled: PeriodEvent = {
        type: 'PeriodScheduled',
        data: {
          periodId,
          season: 'custom',
          name: input.name.trim(),
          description: input.description?.trim() || null,
          segment: input.segment ?? defaultSegment(periodId, this.config.rules),
          startDate: new Date(start).toISOString(),
          endDate: new Date(end).toISOString(),
          fixtures: [],
        },
      };
      // A number taken meanwhile decides nothing: try the next one.
      const { events } = await this.periods.decide(periodId, context, (state) =>
        state.scheduled ? [] : [scheduled],
      );
      if (events.length > 0) return periodId;
    }
    throw new DomainError(
      ErrorCodes.CONCURRENCY_CONFLICT,
      'Could not find a free period number; please try again.',
    );
  }
}
