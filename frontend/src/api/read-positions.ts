import { replaceEqualDeep, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { carryHeldPosition, heldPosition, lastKnownPosition } from './http';

/**
 * What each query's answer is known to hold (ADR 013). Every read names the furthest log position
 * the browser knows of (`X-After-Position`); an answer whose tables reached it says so
 * (`X-Read-Position`), and `requestJson` keeps that mark with the answer. So a `read-model-changed`
 * notice at or before what a query's answer holds needs no refetch: the browser's own pick refetches
 * its options once, not again when the pick's notice arrives.
 *
 * - `settled`: the position the data on hand holds (null when unknown: unmarked, or put by hand).
 * - `pending`: the position the fetch in flight named. Its answer should hold it, so a notice at or
 *   before it is `skipped`; should the answer come back without the mark (the server gave up
 *   waiting) or fail, the query is invalidated then, so no skipped change is lost.
 *
 * `pending` is what the fetch should hold, not a promise: the query cache reports a fetch's start
 * after the fact, so a fetch this module starts is marked when it starts, others when reported.
 * Whatever `pending` says, a skipped notice is checked against the mark its answer comes back with,
 * so a wrong `pending` can only cost a refetch, never a change.
 */
interface ReadMarks {
  settled: bigint | null;
  pending: bigint | null;
  skipped: bigint | null;
}

const marks = new WeakMap<Query, ReadMarks>();

function marksOf(query: Query): ReadMarks {
  let mark = marks.get(query);
  if (!mark) marks.set(query, (mark = { settled: null, pending: null, skipped: null }));
  return mark;
}

/**
 * The query cache's structural sharing, keeping an answer's mark on the copy the cache stores (the
 * previous answer's objects where nothing changed). The client's default for every query.
 */
export function shareStructureKeepingMarks(previous: unknown, answer: unknown): unknown {
  const stored = replaceEqualDeep(previous, answer);
  carryHeldPosition(answer, stored);
  return stored;
}

/** Follows every fetch of the client's queries; returns the unsubscribe. */
export function trackReadPositions(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const query = event.query as Query;
    const action = event.action;
    const mark = marksOf(query);
    if (action.type === 'fetch') {
      // Cache events arrive after the fact (batched); a fetch this module started has its mark.
      mark.pending ??= lastKnownPosition();
      return;
    }
    if (action.type !== 'success' && action.type !== 'error' && action.type !== 'setState') return;
    const answer: unknown = action.type === 'success' && !action.manual ? action.data : null;
    mark.settled = heldPosition(answer);
    const lost = mark.skipped !== null && (mark.settled === null || mark.settled < mark.skipped);
    mark.pending = mark.skipped = null;
    if (lost)
      queueMicrotask(() => void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }));
  });
}

/**
 * True when the query's answer on hand (still valid), or the one in flight, holds `position`; for
 * the one in flight it notes the skip, which its answer's mark is checked against when it lands.
 */
function holds(query: Query, position: bigint): boolean {
  const mark = marksOf(query);
  if (query.state.fetchStatus === 'fetching') {
    if (mark.pending === null || mark.pending < position) return false;
    if (mark.skipped === null || mark.skipped < position) mark.skipped = position;
    return true;
  }
  return !query.state.isInvalidated && mark.settled !== null && mark.settled >= position;
}

/**
 * Invalidates the queries under `keys` (hierarchical prefixes) whose answers do not hold the log up
 * to `position` (by default the furthest this browser knows of; with none, all of them). What is on
 * screen refetches, the rest when next used.
 */
export async function invalidateUnlessHeld(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  position: bigint | null = lastKnownPosition(),
): Promise<void> {
  const cache = queryClient.getQueryCache();
  const stale = new Set(
    keys
      .flatMap((key) => cache.findAll({ queryKey: key }))
      .filter((query) => position === null || !holds(query, position)),
  );
  // The refetches start at once and name the position known now.
  const named = lastKnownPosition();
  const refetches = [...stale].map((query) =>
    queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true }),
  );
  for (const query of stale) if (query.state.fetchStatus === 'fetching') marksOf(query).pending = named;
  await Promise.all(refetches);
}
