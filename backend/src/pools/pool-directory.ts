import { Inject, Injectable } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DEFAULT_POOL_ADDRESS, poolAddressPattern } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { readStream } from '../event-store/read-stream.js';
import { PoolRoleQuery } from '../shared/queries/pool-queries.js';
import { poolRegistryStreamId, type PoolRegistryEvent, type RegisteredPool } from './domain/pool-registry.js';

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

  /** A person's role in a pool created in the registry, or null for a non-member. */
  async roleIn(key: string, userId: string): Promise<'admin' | 'player' | null> {
    const pool = (await this.pools()).find((candidate) => candidate.key === key);
    return pool === undefined ? null : roleOf(pool, userId);
  }

  /** The registered pools a person is a member of, with their role (the default pool aside). */
  async poolsOf(userId: string): Promise<(RegisteredPool & { role: 'admin' | 'player' })[]> {
    return (await this.pools()).flatMap((pool) => {
      const role = roleOf(pool, userId);
      return role === null ? [] : [{ key: pool.key, address: pool.address, name: pool.name, role }];
    });
  }

  /** The key of the pool at `address` ('' for the default pool), or null when there is none. */
  async keyOf(address: string): Promise<string | null> {
    if (address === DEFAULT_POOL_ADDRESS) return DEFAULT_POOL_KEY;
    if (!poolAddressPattern.test(address)) return null;
    return (await this.pools()).find((pool) => pool.address === address)?.key ?? null;
  }
}

/**
 * Until pools have member streams (docs/adr/015, step 4), a pool's one member is its creator, its
 * admin.
 */
function roleOf(pool: { createdBy: string }, userId: string): 'admin' | 'player' | null {
  return pool.createdBy === userId ? 'admin' : null;
}

/** A person's role in a pool (the access guard and the sockets ask). */
@QueryHandler(PoolRoleQuery)
export class PoolRoleHandler implements IQueryHandler<PoolRoleQuery> {
  constructor(private readonly directory: PoolDirectory) {}

  execute({ poolKey, userId }: PoolRoleQuery): Promise<'admin' | 'player' | null> {
    return this.directory.roleIn(poolKey, userId);
  }
}
