import type { EventStore } from '../event-store/event-store.port.js';
import { ask, stateOf } from '../event-store/read-stream.js';
import { periodModel, periodStreamId, type PeriodState } from './domain/period.js';

/** How many period streams one round trip reads: a whole season of 38 and a few added ones. */
const batch = 40;

/**
 * Every period of a season scope, from the period streams: `period-1`, `period-2`, … up to the
 * first that was never scheduled. A season's periods are numbered without gaps (the import's 1 to
 * 38; a period an admin adds takes the next number), so this is the whole season, read the way
 * every command reads (a write never asks a read table).
 */
export async function seasonPeriods(eventStore: EventStore, scope: string): Promise<PeriodState[]> {
  const periods: PeriodState[] = [];
  for (let first = 1; ; first += batch) {
    const questions = Array.from({ length: batch }, (_, index) =>
      stateOf(periodStreamId(first + index, scope), periodModel),
    );
    for (const period of await ask(eventStore, questions)) {
      if (!period.scheduled) return periods;
      periods.push(period);
    }
  }
}
