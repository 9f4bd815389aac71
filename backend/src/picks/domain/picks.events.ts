import type { DomainEvent } from '../../shared/domain/event.js';
import { scopedStreamId } from '../../shared/domain/season-scope.js';

/**
 * One stream per player and season (`picks-{user}`, `picks-{season}-{user}` after the pool's first season): every rule that counts a player's picks (picks per
 * period, uses per team) is checked against this one stream, so the expected-version check of the
 * event store turns two racing picks into one success and one retry on the new state.
 */
export const picksStreamId = (userId: string, scope: string): string =>
  scopedStreamId('picks', scope, userId);

import type { VoidReason } from '../../shared/domain/option-view.js';

/** A choice as every event about it names it. */
export interface ChoiceWithdrawnData {
  choiceId: string;
  userId: string;
  periodId: number;
  optionId: string;
  teamKey: string;
}

export interface ChoiceMadeData extends ChoiceWithdrawnData {
  teamName: string;
}

/** The option's fixture was postponed or cancelled before it locked: the pick scores 0 and its use is refunded. */
export interface ChoiceVoidedData extends ChoiceWithdrawnData {
  reason: VoidReason;
}

/** An admin cleared the player's picks of one period (Historical tab "Clear All"). */
export interface PeriodChoicesClearedData {
  userId: string;
  periodId: number;
  choiceIds: string[];
}

/** An admin created a player's picks for an ended period; the acting admin is in the metadata. */
export interface RetroactiveChoicesMadeData {
  userId: string;
  periodId: number;
  choices: Omit<ChoiceMadeData, 'userId' | 'periodId'>[];
}

export type ChoiceMade = DomainEvent<'ChoiceMade', ChoiceMadeData>;
export type ChoiceWithdrawn = DomainEvent<'ChoiceWithdrawn', ChoiceWithdrawnData>;
export type ChoiceVoided = DomainEvent<'ChoiceVoided', ChoiceVoidedData>;
export type PeriodChoicesCleared = DomainEvent<'PeriodChoicesCleared', PeriodChoicesClearedData>;
export type RetroactiveChoicesMade = DomainEvent<'RetroactiveChoicesMade', RetroactiveChoicesMadeData>;

export type PicksEvent =
  ChoiceMade | ChoiceWithdrawn | ChoiceVoided | PeriodChoicesCleared | RetroactiveChoicesMade;

export const picksEventTypes = [
  'ChoiceMade',
  'ChoiceWithdrawn',
  'ChoiceVoided',
  'PeriodChoicesCleared',
  'RetroactiveChoicesMade',
] as const satisfies readonly PicksEvent['type'][];
