import { Inject, Injectable } from '@nestjs/common';
import { DEFAULT_POOL_ADDRESS, poolAddressPattern, type PoolRole } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { readStream } from '../event-store/read-stream.js';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PersonPoolsQuery } from '../shared/commands/membership-commands.js';
import { PlayedPoolsQuery, PoolArchivedQuery, type PlayedPool } from '../shared/queries/pool-queries.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import {
  poolRegistryModel,
  poolRegistryStreamId,
  type ListedPool,
  type PoolRegistryEvent,
  type PoolRegistryState,
} from './domain/pool-registry.js';

/** A pool of the install as the directory keeps it: when it was created, too. */
export type DirectoryPool = ListedPool & { createdAt: string };

/**
 * The install's pools, from the registry stream. What it has read is kept and only the events
 * after it are read again, so resolving an address costs one small read (also with several app
 * instances, each reading the one stream).
 */
@Injectable()
export class PoolDirectory {
  private known: { version: number; state: PoolRegistryState; createdAt: Map<string, string> } = {
    version: -1,
    state: poolRegistryModel.initialState(),
    createdAt: new Map(),
  };

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
  ) {}

  /** Every pool created so far, the deleted ones too (not the default pool, which every install has). */
  async registered(): Promise<readonly DirectoryPool[]> {
    const later = await readStream<PoolRegistryEvent>(this.eventStore, poolRegistryStreamId, {
      fromVersion: this.known.version + 1,
    });
    if (later.version !== 'no_stream') {
      const createdAt = new Map(this.known.createdAt);
      for (const event of later.events)
        if (event.type === 'PoolCreated') createdAt.set(event.data.key, event.metadata.occurredAt);
      this.known = {
        version: later.version,
        state: later.events.reduce(poolRegistryModel.evolve, this.known.state),
        createdAt,
      };
    }
    return this.known.state.pools.map((pool) => ({
      ...pool,
      createdAt: this.known.createdAt.get(pool.key)!,
    }));
  }

  /** The pools that exist (created, not deleted; archived ones too). */
  async pools(): Promise<readonly DirectoryPool[]> {
    return (await this.registered()).filter((pool) => !pool.deleted);
  }

  /** The registered pools a person is an active member of, with their role (the default pool aside). */
  async poolsOf(userId: string): Promise<(DirectoryPool & { role: PoolRole })[]> {
    const roles = new Map(
      (await this.queryBus.execute(new PersonPoolsQuery(userId))).map((pool) => [pool.key, pool.role]),
    );
    return (await this.pools()).flatMap((pool) => {
      const role = roles.get(pool.key);
      return role === undefined ? [] : [{ ...pool, role }];
    });
  }

  /** The key of the pool at `address` ('' for the default pool), or null when there is none. */
  async keyOf(address: string): Promise<string | null> {
    if (address === DEFAULT_POOL_ADDRESS) return DEFAULT_POOL_KEY;
    if (!poolAddressPattern.test(address)) return null;
    return (await this.pools()).find((pool) => pool.address === address)?.key ?? null;
  }

  /**
   * Whether the pool of `key` is archived (read-only), as the registry was last read: a request in
   * a pool has just read it to find the pool by its address (pool-routes.ts), so no second read.
   */
  isArchived(key: string): boolean {
    if (key === DEFAULT_POOL_KEY) return false;
    return this.known.state.pools.some((pool) => pool.key === key && pool.archived);
  }
}

/** The pools in play: the default pool and every pool neither archived nor deleted. */
@QueryHandler(PlayedPoolsQuery)
export class PlayedPoolsHandler implements IQueryHandler<PlayedPoolsQuery> {
  constructor(
    private readonly directory: PoolDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ withArchived }: PlayedPoolsQuery): Promise<PlayedPool[]> {
    const home = { key: DEFAULT_POOL_KEY, address: DEFAULT_POOL_ADDRESS, name: this.config.poolName };
    const played = (await this.directory.pools()).filter((pool) => withArchived || !pool.archived);
    return [home, ...played.map(({ key, address, name }) => ({ key, address, name }))];
  }
}

@QueryHandler(PoolArchivedQuery)
export class PoolArchivedHandler implements IQueryHandler<PoolArchivedQuery> {
  constructor(private readonly directory: PoolDirectory) {}

  async execute({ poolKey }: PoolArchivedQuery): Promise<boolean> {
    if (poolKey === DEFAULT_POOL_KEY) return false;
    await this.directory.pools();
    return this.directory.isArchived(poolKey);
  }
}
