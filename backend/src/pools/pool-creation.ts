import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { InstallOwnerQuery, JoinAsCreatorCommand } from '../shared/commands/membership-commands.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { PoolDirectory } from './pool-directory.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import {
  decideCreatePool,
  poolRegistryModel,
  poolRegistryStreamId,
  type RegisteredPool,
} from './domain/pool-registry.js';

/** A fresh pool key: 10 random lower-case letters and digits. */
const newPoolKey = (): string =>
  Array.from(randomBytes(10), (byte) => 'abcdefghijklmnopqrstuvwxyz0123456789'[byte % 36]).join('');

/**
 * Creates pools in the registry stream (docs/adr/015): who may is the install's to say
 * (`POOL_CREATION`: its owner, the first account, by default); the creator becomes the new pool's
 * first member and admin.
 */
@Injectable()
export class PoolCreation {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly directory: PoolDirectory,
  ) {}

  /** A new pool with a fresh key; its creator is its first admin. */
  async create(pool: { address: string; name: string }, context: CommandContext): Promise<RegisteredPool> {
    if (
      this.config.accounts.poolCreation === 'owner' &&
      (await this.queryBus.execute(new InstallOwnerQuery())) !== context.actor
    )
      throw new DomainError(
        ErrorCodes.POOL_CREATION_OWNER_ONLY,
        'On this install only its owner creates pools: ask them for one, or for an invitation to theirs.',
      );
    const key = newPoolKey();
    await decideAndAppend(
      this.eventStore,
      poolRegistryStreamId,
      poolRegistryModel,
      (state) => decideCreatePool(state, { key, ...pool, createdBy: context.actor }),
      metadataFor(context),
    );
    await this.directory.changed();
    await this.commandBus.execute(new JoinAsCreatorCommand(key, context));
    return { key, address: pool.address, name: pool.name.trim() };
  }
}
