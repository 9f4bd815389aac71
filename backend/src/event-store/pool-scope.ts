import type { EventStore } from './event-store.port.js';
import { currentPoolKey, DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';

/**
 * The event store as a pool sees it (docs/adr/015). Writers and readers name streams as a one-pool
 * install always has (`period-12`, `picks-{user}`, `prizes`): seen through {@link poolLens}, the
 * store puts the current pool's key (platform/pool-scope) into the names of the pool's streams and
 * into the metadata of what it appends, so no decider, writer or stream id function knows about
 * pools, and the default pool's streams keep their names.
 */

/** Streams of no pool: a person's own (`user-{id}`, `user-email-…`), the pool registry. */
const poollessCategories = new Set(['user', 'pools']);
/** Streams whose names are unique in the install though each belongs to a pool: invitation tokens. */
const installNamedCategories = new Set([...poollessCategories, 'invitation']);

const categoryOf = (streamId: string): string => streamId.split('-', 1)[0] ?? streamId;

/**
 * The stored name of a stream of the pool `key`: the key goes right after the category, which stays
 * before the first dash (EventStoreDB's `$ce-` convention): `period-12` → `period-{key}_12`,
 * `pool-admins` → `pool-{key}_admins`, `prizes` → `prizes-{key}`. The default pool's names and
 * install-wide streams are unchanged.
 */
export function poolStreamId(streamId: string, key: string): string {
  if (key === DEFAULT_POOL_KEY) return streamId;
  const category = categoryOf(streamId);
  if (installNamedCategories.has(category)) return streamId;
  return category === streamId
    ? `${streamId}-${key}`
    : `${category}-${key}_${streamId.slice(category.length + 1)}`;
}

/**
 * The event store as the current pool sees it: stream names of the pool's own, and every event
 * appended in a pool other than the default one carries `pool` in its metadata (absent: the default
 * pool, or a stream of no pool), so projections learn an event's pool without parsing stream names. Reading the whole log
 * (projections, backups) is the install's and unchanged.
 */
export function poolLens(store: EventStore): EventStore {
  return {
    kind: store.kind,
    append(streamId, events, expectedVersion, options) {
      const key = currentPoolKey();
      if (key === DEFAULT_POOL_KEY) return store.append(streamId, events, expectedVersion, options);
      const alsoExpect = options?.alsoExpect?.map((other) => ({
        ...other,
        streamId: poolStreamId(other.streamId, key),
      }));
      if (poollessCategories.has(categoryOf(streamId)))
        return store.append(streamId, events, expectedVersion, { alsoExpect });
      const pooled = events.map((event) => ({ ...event, metadata: { ...event.metadata, pool: key } }));
      return store.append(poolStreamId(streamId, key), pooled, expectedVersion, { alsoExpect });
    },
    readStream: (streamId, options) => store.readStream(poolStreamId(streamId, currentPoolKey()), options),
    readStreams(streamIds, options) {
      const key = currentPoolKey();
      const scoped = (ids: readonly string[]) => ids.map((streamId) => poolStreamId(streamId, key));
      return store.readStreams(
        scoped(streamIds),
        options?.prefetch ? { ...options, prefetch: scoped(options.prefetch) } : options,
      );
    },
    readAll: (options) => store.readAll(options),
    headPosition: () => store.headPosition(),
    countAfter: (position, types) => store.countAfter(position, types),
    subscribe: (handler, options) => store.subscribe(handler, options),
    close: () => store.close(),
  };
}
