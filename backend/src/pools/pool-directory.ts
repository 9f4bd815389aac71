import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DEFAULT_POOL_ADDRESS, poolAddressPattern, type PoolRole } from '@treble/contracts';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PersonPoolsQuery } from '../shared/commands/membership-commands.js';
import { PlayedPoolsQuery, PoolArchivedQuery, type PlayedPool } from '../shared/queries/pool-queries.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { Database } from '../platform/database/database.js';
import { InstanceSignal } from '../platform/cluster/instance-signal.js';
import {
  poolDirectoryChannel,
  poolRegistryModel,
  poolRegistryStreamId,
  type ListedPool,
  type PoolRegistryEvent,
  type PoolRegistryState,
} from './domain/pool-registry.js';

/** A pool of the install as the directory keeps it: when it was created, too. */
export type DirectoryPool = ListedPool & { createdAt: string };

/**
 * The registry as read, with what each request looks up in it made once per change of it (a
 * request in a pool finds it by its address: a scan of 1,000 pools each time showed at that scale).
 */
function knownRegistry(version: number, state: PoolRegistryState, createdAt: Map<string, string>) {
  const registered: readonly DirectoryPool[] = state.pools.map((pool) => ({
    ...pool,
    createdAt: createdAt.get(pool.key)!,
  }));
  const existing = registered.filter((pool) => !pool.deleted);
  return {
    version,
    state,
    createdAt,
    registered,
    existing,
    byAddress: new Map(existing.map((pool) => [pool.address, pool])),
    archived: new Set(registered.filter((pool) => pool.archived).map((pool) => pool.key)),
  };
}

/**
 * The install's pools, from the registry stream. What it has read is kept, and read again (the
 * events after it) only once the registry has changed: every instance hears of a change on
 * `poolDirectoryChannel` (platform/cluster/instance-signal.ts), so resolving an address asks the
 * database nothing. An address it does not know is looked up again (a pool just created elsewhere).
 */
@Injectable()
export class PoolDirectory implements OnModuleInit, OnModuleDestroy {
  private readonly signal: InstanceSignal;
  /** Changes heard so far, and how many had been heard when the registry was last read. */
  private heard = 0;
  private readAt = -1;
  private known = knownRegistry(-1, poolRegistryModel.initialState(), new Map());

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly queryBus: QueryBus,
    private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const serverUrl = database.kind === 'postgres' ? config.databaseUrl : null;
    this.signal = new InstanceSignal(serverUrl, poolDirectoryChannel, () => this.heard++);
  }

  onModuleInit(): Promise<void> {
    return this.signal.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.signal.stop();
  }

  /** The registry changed here: read it again, and every other instance too. */
  async changed(): Promise<void> {
    this.heard++;
    await this.signal.tell(this.database);
  }

  /** Every pool created so far, the deleted ones too (not the default pool, which every install has). */
  async registered({ again = false }: { again?: boolean } = {}): Promise<readonly DirectoryPool[]> {
    if (again || !this.signal.trusted || this.readAt !== this.heard) await this.readLater();
    return this.known.registered;
  }

  /** Reads the registry's events after those it knows (two reads at once apply each event once). */
  private async readLater(): Promise<void> {
    const heard = this.heard;
    const read = await this.eventStore.readStream(poolRegistryStreamId, {
      fromVersion: this.known.version + 1,
    });
    const later = read.filter((event) => event.version > this.known.version);
    if (later.length > 0) {
      const createdAt = new Map(this.known.createdAt);
      const events = later as unknown as (PoolRegistryEvent & RecordedEvent)[];
      for (const event of events)
        if (event.type === 'PoolCreated') createdAt.set(event.data.key, event.metadata.occurredAt);
      this.known = knownRegistry(
        later[later.length - 1]!.version,
        events.reduce(poolRegistryModel.evolve, this.known.state),
        createdAt,
      );
    }
    this.readAt = Math.max(this.readAt, heard);
  }

  /** The pools that exist (created, not deleted; archived ones too). */
  async pools(options?: { again?: boolean }): Promise<readonly DirectoryPool[]> {
    await this.registered(options);
    return this.known.existing;
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
    const find = async (again: boolean) => {
      await this.registered({ again });
      return this.known.byAddress.get(address)?.key;
    };
    return (await find(false)) ?? (await find(true)) ?? null;
  }

  /**
   * Whether the pool of `key` is archived (read-only), as the registry was last read: a request in
   * a pool has just found the pool by its address (pool-routes.ts), so no second look.
   */
  isArchived(key: string): boolean {
    if (key === DEFAULT_POOL_KEY) return false;
    return this.known.archived.has(key);
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
