import { assertNever, type StreamModel } from '../../shared/domain/event.js';
import type { ChoiceMadeData, PicksEvent } from './picks.events.js';

/** A pick that still counts: made and neither withdrawn, voided nor cleared. */
export type ActiveChoice = Omit<ChoiceMadeData, 'userId'>;

export interface PicksState {
  /** Active choices by choice id. */
  readonly choices: ReadonlyMap<string, ActiveChoice>;
  /** Uses per team key: active choices only, so withdrawn, voided and cleared picks are refunded. */
  readonly usage: ReadonlyMap<string, number>;
}

export function initialPicksState(): PicksState {
  return { choices: new Map(), usage: new Map() };
}

function add(state: PicksState, choice: ActiveChoice): PicksState {
  if (state.choices.has(choice.choiceId)) return state;
  const choices = new Map(state.choices).set(choice.choiceId, choice);
  const usage = new Map(state.usage).set(choice.teamKey, (state.usage.get(choice.teamKey) ?? 0) + 1);
  return { choices, usage };
}

function remove(state: PicksState, choiceIds: readonly string[]): PicksState {
  const removed = choiceIds
    .map((id) => state.choices.get(id))
    .filter((c): c is ActiveChoice => c !== undefined);
  if (removed.length === 0) return state;
  const choices = new Map(state.choices);
  const usage = new Map(state.usage);
  for (const choice of removed) {
    choices.delete(choice.choiceId);
    const left = (usage.get(choice.teamKey) ?? 0) - 1;
    if (left > 0) usage.set(choice.teamKey, left);
    else usage.delete(choice.teamKey);
  }
  return { choices, usage };
}

/** Folds one event; an event about a choice that is not active changes nothing (replays stay harmless). */
export function evolvePicks(state: PicksState, event: PicksEvent): PicksState {
  switch (event.type) {
    case 'ChoiceMade': {
      const { choiceId, periodId, optionId, teamKey, teamName } = event.data;
      return add(state, { choiceId, periodId, optionId, teamKey, teamName });
    }
    case 'RetroactiveChoicesMade':
      return event.data.choices.reduce(
        (current, choice) => add(current, { ...choice, periodId: event.data.periodId }),
        state,
      );
    case 'ChoiceWithdrawn':
    case 'ChoiceVoided':
      return remove(state, [event.data.choiceId]);
    case 'PeriodChoicesCleared':
      return remove(state, event.data.choiceIds);
    default:
      return assertNever(event);
  }
}

/** A player's picks stream of one season (`picks-{userId}`, scoped after the first season). */
export const picksModel: StreamModel<PicksState, PicksEvent> = {
  initialState: initialPicksState,
  evolve: evolvePicks,
};

export function activeChoicesInPeriod(state: PicksState, periodId: number): ActiveChoice[] {
  return [...state.choices.values()].filter((choice) => choice.periodId === periodId);
}

export function usesOf(state: PicksState, teamKey: string): number {
  return state.usage.get(teamKey) ?? 0;
}
