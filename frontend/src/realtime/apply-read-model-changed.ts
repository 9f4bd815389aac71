import type { QueryClient } from '@tanstack/react-query';
import { queryKeys, type QueryKey, type ReadModelChangedNotice } from '@treble/contracts';
import { noteKnownPosition, parsePosition } from '../api/http';
import { invalidateUnlessHeld } from '../api/read-positions';

/**
 * Invalidates the queries a `read-model-changed` notice names, and nothing else. Each key is a
 * hierarchical prefix: ['periods'] covers ['periods'] and ['periods', 7], while ['periods', 7]
 * leaves ['periods'] alone. Invalidated queries that are on screen refetch; the rest refetch when
 * next used. An empty key would match every query, so it is ignored rather than trusted.
 *
 * A query whose answer (on hand or in flight) already holds the notice's position is left alone:
 * the browser's own pick refetches its options once, not again when the pick's notice arrives. The
 * notice's position is noted first, so the refetches it causes name it (`X-After-Position`).
 */
/**
 * The live tables start from the official boards (a recorded result ends a match's provisional
 * points): a notice for an official board is one for the live tables too.
 */
function withLiveTables(keys: readonly QueryKey[]): QueryKey[] {
  const boards = keys.filter((key) => key[0] === 'leaderboards');
  const covered = boards.some((key) => key.length === 1 || key[1] === 'live');
  return boards.length > 0 && !covered ? [...keys, queryKeys.liveBoard()] : [...keys];
}

export async function applyReadModelChanged(
  queryClient: QueryClient,
  notice: Pick<ReadModelChangedNotice, 'queryKeys' | 'position'>,
): Promise<void> {
  const keys = withLiveTables(notice.queryKeys.filter((key) => Array.isArray(key) && key.length > 0));
  noteKnownPosition(notice.position);
  await invalidateUnlessHeld(queryClient, keys, parsePosition(notice.position));
}
