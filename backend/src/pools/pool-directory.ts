import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_POOL_ADDRESS, poolAddressPattern, type PoolRole } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { readStream } from '../event-store/read-stream.js';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PersonPoolsQuery } from '../shared/commands/membership-commands.js';
import { PlayedPoolsQuery, type PlayedPool } from '../shared/queries/pool-queries.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
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

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
  ) {}

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

  /** The registered pools a person is an active member of, with their role (the default pool aside). */
  async poolsOf(userId: string): Promise<(RegisteredPool & { role: PoolRole })[]> {
    const roles = new Map(
      (await this.queryBus.execute(new PersonPoolsQuery(userId))).map((pool) => [pool.key, pool.role]),
    );
    return (await this.pools()).flatMap((pool) => {
      const role = roles.get(pool.key);
      return role === undefined ? [] : [{ key: pool.key, address: pool.address, name: pool.name, role }];
    });
  }

  /** The key of the pool at `address` ('' for the default pool), or null when there is none. */
  async keyOf(address: string): Promise<string | null> {
    if (address === DEFAULT_POOL_ADDRESS) return DEFAULT_POOL_KEY;
    if (!poolAddressPattern.test(address)) return null;
    return (await this.pools()).find((pool) => pool.address === address)?.key ?? null;
  }
}

@QueryHandler(PlayedPoolsQuery)
export class PlayedPoolsHandler implements IQueryHandler<PlayedPoolsQuery> {
  constructor(
    private readonly directory: PoolDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<PlayedPool[]> {
    const home = { key: DEFAULT_POOL_KEY, address: DEFAULT_POOL_ADDRESS, name: this.config.poolName };
    return [
      home,
      ...(await this.directory.pools()).map(({ key, address, name }) => ({ key, address, name })),
    ];
  }
}
