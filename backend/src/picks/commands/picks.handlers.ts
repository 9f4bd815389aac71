import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { ErrorCodes } from '@treble/contracts';
import {
  decideAndAppend,
  decideOnKeptStreams,
  type DecisionAsk,
  type KeptDecision,
} from '../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { stateOf } from '../../event-store/read-stream.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { currentPoolKey } from '../../platform/pool-scope/pool-scope.js';
import {
  optionView,
  type PeriodState,
  PeriodStreams,
  PoolSeasons,
  SeasonCatalogue,
} from '../../season/index.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext, type StreamQuestion } from '../../shared/domain/event.js';
import type { SeasonScope } from '../../shared/domain/season-scope.js';
import { MemberActiveQuestionQuery } from '../../shared/queries/member-queries.js';
import {
  decideMakeChoice,
  decideMakeRetroactiveChoices,
  decideWithdrawChoice,
} from '../domain/decide-picks.js';
import type { MinimumUsesContext, OptionView, PeriodView } from '../domain/picks.commands.js';
import { picksStreamId, type PicksEvent } from '../domain/picks.events.js';
import { picksModel, type PicksState } from '../domain/picks.state.js';

export function periodView(periodId: number, state: PeriodState): PeriodView {
  if (!state.scheduled)
    throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
  return { id: periodId, isActive: state.isActive, isCompleted: state.isCompleted };
}

function requireOption(state: PeriodState, periodId: number, optionId: string): OptionView {
  const option = optionView(state, optionId);
  if (!option)
    throw new DomainError(
      ErrorCodes.OPTION_NOT_FOUND,
      `Option ${optionId} does not exist in period ${periodId}.`,
    );
  return option;
}

/**
 * A player's picks are one stream per season (`picks-{userId}`): every pick is decided on the
 * whole season's picks of that player and appended with the version read, so "a 4th pick" or "an
 * 8th use of a team" cannot slip in between two requests. The period and option are read from the
 * period's stream. A command reads the season scope once and passes it to every read and to the
 * append, so a season started meanwhile cannot split it between two seasons' streams. A player's own
 * pick reads every stream from those this process keeps and expects each at its append
 * (`decideAsPlayer`, docs/adr/018); an admin's work reads afresh (`decide`, `alongside` read in the
 * same round trip).
 */
@Injectable()
export class PicksWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
    private readonly seasons: PoolSeasons,
  ) {}

  /** Per pool, the season scope the last decision here was of: its picks stream is read up front. */
  private readonly lastScope = new Map<string, string>();

  scope(): Promise<string> {
    return this.seasons.scope();
  }

  /**
   * Decides on the player's picks; `alongside` is another stream (the period) read in the same
   * round trip on every cycle; only the picks stream's version is expected at the append.
   */
  decide<Read = undefined>(
    userId: string,
    scope: string,
    context: CommandContext,
    decide: (state: PicksState, read: Read) => PicksEvent[],
    alongside?: StreamQuestion<Read>,
  ) {
    return decideAndAppend(
      this.eventStore,
      picksStreamId(userId, scope),
      picksModel,
      decide,
      metadataFor(context),
      { alongside },
    );
  }

  /** The question "what are this player's picks of the season `scope`?". */
  question(userId: string, scope: string): StreamQuestion<PicksState> {
    return stateOf(picksStreamId(userId, scope), picksModel);
  }

  /**
   * A player's own pick or withdrawal, on the streams this process keeps (docs/adr/018): the
   * player's account and the pool's seasons are asked first (a deactivated player cannot pick:
   * their sessions end too, and this holds for a request in flight, as the append expects the
   * account at the version read), then `decide` asks for the season's picks and period and says
   * what to append. Warm, the whole decision is one statement: the append, expecting every stream
   * asked about at its version. Cold, it is two: the player's picks stream of the season the last
   * decision here was of is read with the account and the seasons (when the season moved on, the
   * guess costs nothing and the picks are read when asked), then the append.
   */
  async decideAsPlayer(
    userId: string,
    context: CommandContext,
    decide: (ask: DecisionAsk, season: SeasonScope | null) => Promise<KeptDecision>,
  ): Promise<void> {
    const isActive = await this.queryBus.execute(new MemberActiveQuestionQuery(userId));
    return decideOnKeptStreams(this.eventStore, userId, metadataFor(context), async (ask) => {
      const pool = currentPoolKey();
      const guess = this.lastScope.get(pool);
      const [active, recorded] = await ask(
        [isActive, this.seasons.recordedQuestion],
        guess === undefined ? [] : [picksStreamId(userId, guess)],
      );
      if (!active) {
        throw new DomainError(
          ErrorCodes.ACCOUNT_DEACTIVATED,
          'This account is deactivated, so it cannot pick.',
        );
      }
      const season = await this.seasons.currentOf(recorded);
      this.lastScope.set(pool, season?.scope ?? '');
      return decide(ask, season);
    });
  }
}

export class MakeChoiceCommand extends Command<{ choiceId: string }> {
  constructor(
    readonly userId: string,
    readonly periodId: number,
    readonly optionId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class WithdrawChoiceCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly choiceId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export class MakeRetroactiveChoicesCommand extends Command<{ choiceIds: string[] }> {
  constructor(
    readonly userId: string,
    readonly periodId: number,
    readonly optionIds: string[],
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(MakeChoiceCommand)
export class MakeChoiceHandler implements ICommandHandler<MakeChoiceCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly periods: PeriodStreams,
    private readonly catalogue: SeasonCatalogue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Only when the pool rejects picks that would leave a team short of its minimum uses. */
  private async minimumUses(season: SeasonScope | null, now: Date): Promise<MinimumUsesContext | undefined> {
    if (this.config.rules.minUsesEnforcement !== 'reject') return undefined;
    const open = (await this.periods.all(season?.scope ?? '')).filter(
      (period) => !period.isCompleted && Date.parse(period.endDate!) > now.getTime(),
    );
    const teams = (await this.catalogue.scheduleOrDefault(season, now)).teams.map((team) => ({
      teamKey: team.code,
      teamName: team.name,
    }));
    return { teams, openPeriodIds: open.map((period) => period.periodId!) };
  }

  async execute({ userId, periodId, optionId, context }: MakeChoiceCommand): Promise<{ choiceId: string }> {
    const choiceId = randomUUID();
    await this.picks.decideAsPlayer(userId, context, async (ask, season) => {
      const scope = season?.scope ?? '';
      const minimumUses = await this.minimumUses(season, context.now);
      const [state, periodState] = await ask([
        this.picks.question(userId, scope),
        this.periods.question(periodId, scope),
      ]);
      const events = decideMakeChoice({ type: 'MakeChoice', userId, periodId, optionId }, state, {
        now: context.now,
        rules: this.config.rules,
        period: periodView(periodId, periodState),
        option: requireOption(periodState, periodId, optionId),
        choiceId,
        minimumUses,
      });
      return { streamId: picksStreamId(userId, scope), events };
    });
    return { choiceId };
  }
}

@CommandHandler(WithdrawChoiceCommand)
export class WithdrawChoiceHandler implements ICommandHandler<WithdrawChoiceCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly periods: PeriodStreams,
  ) {}

  async execute({ userId, choiceId, context }: WithdrawChoiceCommand): Promise<void> {
    await this.picks.decideAsPlayer(userId, context, async (ask, season) => {
      const scope = season?.scope ?? '';
      const [state] = await ask([this.picks.question(userId, scope)]);
      const choice = state.choices.get(choiceId);
      if (!choice)
        throw new DomainError(
          ErrorCodes.CHOICE_NOT_FOUND,
          'This pick does not exist or has already been removed.',
        );
      const [periodState] = await ask([this.periods.question(choice.periodId, scope)]);
      const events = decideWithdrawChoice({ type: 'WithdrawChoice', userId, choiceId }, state, {
        now: context.now,
        period: periodView(choice.periodId, periodState),
        option: requireOption(periodState, choice.periodId, choice.optionId),
      });
      return { streamId: picksStreamId(userId, scope), events };
    });
  }
}

@CommandHandler(MakeRetroactiveChoicesCommand)
export class MakeRetroactiveChoicesHandler implements ICommandHandler<MakeRetroactiveChoicesCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly periods: PeriodStreams,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({
    userId,
    periodId,
    optionIds,
    context,
  }: MakeRetroactiveChoicesCommand): Promise<{ choiceIds: string[] }> {
    const scope = await this.picks.scope();
    // The decider names the picks in the order of `optionIds`, or refuses.
    const choiceIds = optionIds.map(() => randomUUID());
    await this.picks.decide(
      userId,
      scope,
      context,
      (state, periodState) =>
        decideMakeRetroactiveChoices({ type: 'MakeRetroactiveChoices', userId, periodId, optionIds }, state, {
          rules: this.config.rules,
          periodEnded:
            periodState.endDate !== null && Date.parse(periodState.endDate) < context.now.getTime(),
          options: optionIds
            .map((id) => optionView(periodState, id))
            .filter((o): o is OptionView => o !== null),
          choiceIds,
        }),
      this.periods.question(periodId, scope),
    );
    return { choiceIds };
  }
}
