import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DEFAULT_POOL_ADDRESS, ErrorCodes, type InstallPool } from '@treble/contracts';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { DEFAULT_POOL_KEY } from '../platform/pool-scope/pool-scope.js';
import { InstallOwnerQuery, PoolMemberCountsQuery } from '../shared/commands/membership-commands.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import {
  decideArchivePool,
  decideDeletePool,
  poolRegistryModel,
  poolRegistryStreamId,
  type PoolRegistryEvent,
  type PoolRegistryState,
} from './domain/pool-registry.js';
import { PoolDirectory } from './pool-directory.js';

/**
 * The install's owner (its first account) looks after its pools (docs/adr/015): lists them with
 * how many members each has, and nothing of who they are, what they picked or how they stand;
 * archives one (read-only, no background work), restores it, deletes an archived one. Each is an
 * event of the registry stream with the owner as its actor.
 */
@Injectable()
export class InstallPools {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly directory: PoolDirectory,
    private readonly queryBus: QueryBus,
  ) {}

  private async requireOwner(actor: string): Promise<void> {
    if ((await this.queryBus.execute(new InstallOwnerQuery())) !== actor)
      throw new DomainError(
        ErrorCodes.INSTALL_OWNER_ONLY,
        "Only the install's owner (its first account) looks after its pools.",
      );
  }

  async list(actor: string): Promise<InstallPool[]> {
    await this.requireOwner(actor);
    const members = await this.queryBus.execute(new PoolMemberCountsQuery());
    const home: InstallPool = {
      address: DEFAULT_POOL_ADDRESS,
      name: this.config.poolName,
      isDefault: true,
      archived: false,
      members: members.get(DEFAULT_POOL_KEY) ?? 0,
      createdAt: null,
    };
    const others = (await this.directory.pools()).map((pool) => ({
      address: pool.address,
      name: pool.name,
      isDefault: false,
      archived: pool.archived,
      members: members.get(pool.key) ?? 0,
      createdAt: pool.createdAt,
    }));
    return [home, ...others];
  }

  /** Archives (or restores) the pool at `address`; answers the install's pools as they are then. */
  archive(address: string, archive: boolean, context: CommandContext): Promise<InstallPool[]> {
    return this.change((state) => decideArchivePool(state, address, archive), context);
  }

  /** Deletes an archived pool: gone from every route and list, its read rows dropped (its address stays taken). */
  delete(address: string, context: CommandContext): Promise<InstallPool[]> {
    return this.change((state) => decideDeletePool(state, address), context);
  }

  private async change(
    decide: (state: PoolRegistryState) => PoolRegistryEvent[],
    context: CommandContext,
  ): Promise<InstallPool[]> {
    await this.requireOwner(context.actor);
    await decideAndAppend(
      this.eventStore,
      poolRegistryStreamId,
      poolRegistryModel,
      decide,
      metadataFor(context),
    );
    await this.directory.changed();
    return this.list(context.actor);
  }
}
