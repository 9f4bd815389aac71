import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
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

/** Creates pools in the registry stream (docs/adr/015); over HTTP with step 4. */
@Injectable()
export class PoolCreation {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

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
