import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '../../event-store/event-store.port.js';
import { scanEvents } from '../../event-store/read-stream.js';
import { PeriodStreams } from '../../season/index.js';
import { ClearPeriodPicksCommand, VoidOptionPicksCommand } from '../../shared/commands/picks-commands.js';
import { decideClearPeriodChoices, decideVoidChoicesOnOption } from '../domain/decide-picks.js';
import { picksStreamId, type ChoiceMade, type RetroactiveChoicesMade } from '../domain/picks.events.js';
import { periodView, PicksWriter } from './picks.handlers.js';

/**
 * The players who ever picked in a period, or on one option, of a season scope: read from the
 * picks streams themselves (every pick the log holds, projected or not). Only admin actions and a
 * called-off fixture ask, so a scan of the picks events is affordable; a player whose picks were
 * withdrawn since is asked too, and their decider finds nothing to do.
 */
async function playersWhoPicked(
  eventStore: EventStore,
  scope: string,
  on: { periodId: number } | { optionId: string },
): Promise<string[]> {
  const players = new Set<string>();
  await scanEvents<ChoiceMade | RetroactiveChoicesMade>(
    eventStore,
    ['ChoiceMade', 'RetroactiveChoicesMade'],
    ({ streamId, data }) => {
      const options = 'choices' in data ? data.choices.map((choice) => choice.optionId) : [data.optionId];
      const matches = 'periodId' in on ? data.periodId === on.periodId : options.includes(on.optionId);
      if (matches && streamId === picksStreamId(data.userId, scope)) players.add(data.userId);
    },
  );
  return [...players];
}

/**
 * Clears every player's picks in a period, each in their own stream: the admin's "Clear All", and
 * the season context when a period's options are replaced by the EPL teams.
 */
@CommandHandler(ClearPeriodPicksCommand)
export class ClearPeriodPicksHandler implements ICommandHandler<ClearPeriodPicksCommand> {
  constructor(
    private readonly picks: PicksWriter,
    private readonly periods: PeriodStreams,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ periodId, context }: ClearPeriodPicksCommand): Promise<{ playersCleared: number }> {
    const scope = await this.picks.scope();
    periodView(periodId, await this.periods.load(periodId, scope));
    let cleared = 0;
    for (const userId of await playersWhoPicked(this.eventStore, scope, { periodId })) {
      const result = await this.picks.decide(userId, scope, context, (state) =>
        decideClearPeriodChoices({ type: 'ClearPeriodChoices', userId, periodId }, state),
      );
      if (result.position !== null) cleared++;
    }
    return { playersCleared: cleared };
  }
}

/** Voids every player's picks on an option whose fixture was called off (unless they had locked). */
@CommandHandler(VoidOptionPicksCommand)
export class VoidOptionPicksHandler implements ICommandHandler<VoidOptionPicksCommand> {
  constructor(
    private readonly picks: PicksWriter,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ option, reason, context }: VoidOptionPicksCommand): Promise<{ voided: number }> {
    const scope = await this.picks.scope();
    let voided = 0;
    for (const userId of await playersWhoPicked(this.eventStore, scope, { optionId: option.id })) {
      const result = await this.picks.decide(userId, scope, context, (state) =>
        decideVoidChoicesOnOption(
          { type: 'VoidChoicesOnOption', userId, optionId: option.id, reason },
          state,
          { now: context.now, option },
        ),
      );
      voided += result.events.length;
    }
    return { voided };
  }
}
