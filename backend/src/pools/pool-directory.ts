import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DEFAULT_POOL_ADDRESS, poolAddressPattern } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { readStream } from '../event-store/read-stream.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import { PoolRoleQuery } from '../shared/queries/pool-queries.js';
import {
  decideCreatePool,
  poolRegistryModel,
  poolRegistryStreamId,
  type PoolRegistryEvent,
  type RegisteredPool,
} from './domain/pool-registry.js';

/** A fresh pool key: 10 random lower-case letters and digits. */
const newPoolKey = (): string =>
  Array.from(randomBytes(10), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * The install's pools, from the registry stream. What it has read is kept and only the events
 * after it are read again, so resolving an address costs one small read (also with several app
 * instances, each reading the one stream).
 */
@Injectable()
export class PoolDirectory {
  private known: { version: number; pools: (RegisteredPool & { createdBy: string })[] } = {
    version: -1,
    pools: [],
  };

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** The pools created so far (not the default pool, which every install has). */
  async pools(): Promise<readonly (RegisteredPool & { createdBy: string })[]> {
    const later = await readStream<PoolRegistryEvent>(this.eventStore, poolRegistryStreamId, {
      fromVersion: this.known.version + 1,
    });
    if (later.version !== 'no_stream')
      this.known = {
        version: later.version,
        pools: [...this.known.pools, ...later.events.map((event) => event.data)],
      };
    return this.known.pools;
  }

  /** The key of the pool at `address` ('' for the default pool), or null when there is none. */
  async keyOf(address: string): Promise<string | null> {
    if (address === DEFAULT_POOL_ADDRESS) return DEFAULT_POOL_KEY;
    if (!poolAddressPattern.test(address)) return null;
    return (await this.pools()).find((pool) => pool.address === address)?.key ?? null;
  }

  /** A new pool with a fresh key; its creator is its first admin. */
  async create(pool: { address: string; name: string }, context: CommandContext): Promise<RegisteredPool> {
    const key = newPoolKey();
    const { events } = await decideAndAppend(
      this.eventStore,
      poolRegistryStreamId,
      poolRegistryModel,
      (state) => decideCreatePool(state, { key, ...pool, createdBy: context.actor }),
      metadataFor(context),
    );
    const { address, name } = events[0]!.data;
    return { key, address, name };
  }
}

/**
 * A person's role in a pool. Until pools have member streams (docs/adr/015, step 4), a pool's one
 * member is its creator, its admin.
 */
@QueryHandler(PoolRoleQuery)
export class PoolRoleHandler implements IQueryHandler<PoolRoleQuery> {
  constructor(private readonly directory: PoolDirectory) {}

  async execute({ poolKey, userId }: PoolRoleQuery): Promise<'admin' | 'player' | null> {
    const pool = (await this.directory.pools()).find((candidate) => candidate.key === poolKey);
    return pool?.createdBy === userId ? 'admin' : null;
  }
}
