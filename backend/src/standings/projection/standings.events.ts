import { type QueryKey, queryKeys } from '@treble/contracts';
import type { Recorded } from '../../event-store/read-stream.js';
import { picksEventTypes, type PicksEvent } from '../../picks/index.js';
import type { EventsOf } from '../../projections/projection.js';
import type { ResultsEvent } from '../../results/index.js';
import type { PeriodEvent } from '../../season/index.js';

/** The events the standings projection applies, and the query keys each of them changes. */
export const standingsEventTypes = [
  'ChoiceMade',
  'ChoiceWithdrawn',
  'ChoiceVoided',
  'PeriodChoicesCleared',
  'RetroactiveChoicesMade',
  'ResultRecorded',
  'ResultDeleted',
  'ResultHeldPending',
  'OptionsRemoved',
  'PeriodScheduled',
  'PeriodCompleted',
  'PeriodReopened',
] as const;

export type StandingsEvent = EventsOf<PicksEvent | ResultsEvent | PeriodEvent, typeof standingsEventTypes>;

const pickTypes: ReadonlySet<string> = new Set(picksEventTypes);

/** The picks events, which the projection applies as runs of consecutive ones (pick-run.ts). */
export function isPickEvent(event: Recorded<StandingsEvent>): event is Recorded<PicksEvent> {
  return pickTypes.has(event.type);
}

/** What one event changed; it decides the query keys pushed to clients. */
export interface Change {
  choicesPeriod: number | null;
  resultsPeriod: number | null;
  scores: boolean;
  overall: boolean;
  last10: boolean;
  survivor: boolean;
  periodStatus: boolean;
}

export const nothing = (): Change => ({
  choicesPeriod: null,
  resultsPeriod: null,
  scores: false,
  overall: false,
  last10: false,
  survivor: false,
  periodStatus: false,
});

export function keysOf(change: Change): QueryKey[] {
  const keys: QueryKey[] = [];
  // A period's options carry its picks (counts, the player's own) and results: they follow both.
  if (change.choicesPeriod !== null)
    keys.push(queryKeys.choices(change.choicesPeriod), queryKeys.options(change.choicesPeriod));
  if (change.resultsPeriod !== null) {
    keys.push(
      queryKeys.results(),
      queryKeys.results(change.resultsPeriod),
      queryKeys.options(change.resultsPeriod),
    );
  }
  if (change.overall) keys.push(queryKeys.leaderboards('overall'));
  if (change.survivor) keys.push(queryKeys.leaderboards('survivor'));
  if (change.last10) keys.push(queryKeys.leaderboards('last10'));
  if (change.scores || change.overall || change.survivor || change.last10 || change.periodStatus) {
    keys.push(queryKeys.userStats(), queryKeys.performance());
  }
  return keys;
}

/** Keys for an event this instance did not apply itself: everything it could have changed. */
export function possibleKeys(event: Recorded<StandingsEvent>): QueryKey[] {
  const standings = { scores: true, overall: true, last10: true, survivor: true, periodStatus: true };
  switch (event.type) {
    case 'ChoiceMade':
    case 'ChoiceWithdrawn':
    case 'ChoiceVoided':
    case 'PeriodChoicesCleared':
    case 'RetroactiveChoicesMade':
      return keysOf({ ...nothing(), ...standings, choicesPeriod: event.data.periodId });
    case 'ResultRecorded':
    case 'ResultDeleted':
    case 'OptionsRemoved':
      return keysOf({ ...nothing(), ...standings, resultsPeriod: event.data.periodId });
    case 'ResultHeldPending':
      return keysOf({ ...nothing(), resultsPeriod: event.data.periodId });
    case 'PeriodScheduled':
    case 'PeriodCompleted':
    case 'PeriodReopened':
      return keysOf({ ...nothing(), ...standings });
    default:
      return [];
  }
}

/** A pick made or withdrawn before its lock changes only its player's own views. */
export function audienceFor(event: Recorded<StandingsEvent>): string | null {
  return event.type === 'ChoiceMade' || event.type === 'ChoiceWithdrawn' ? event.data.userId : null;
}
