import { DEFAULT_POOL_ADDRESS, ErrorCodes, poolAddressPattern } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { DomainEvent } from '../../shared/domain/event.js';

/**
 * The install's pools (docs/adr/015) in ONE stream, `pools`, so an address is given once however
 * many creators race: each appends at the version it read, the later one is decided again and
 * refused. The default pool (key '', address `default`) is in no event: every install has it.
 */
export const poolRegistryStreamId = 'pools';

export interface PoolCreatedData {
  /** Immutable; names the pool's streams (event-store/pool-scope.ts). */
  key: string;
  /** What routes and links name (`/api/pools/{address}/…`). */
  address: string;
  name: string;
  createdBy: string;
}

export type PoolRegistryEvent = DomainEvent<'PoolCreated', PoolCreatedData>;

export interface RegisteredPool {
  key: string;
  address: string;
  name: string;
}

export interface PoolRegistryState {
  pools: RegisteredPool[];
}

export const poolRegistryModel = {
  initialState: (): PoolRegistryState => ({ pools: [] }),
  evolve: (state: PoolRegistryState, event: PoolRegistryEvent): PoolRegistryState => ({
    pools: [...state.pools, { key: event.data.key, address: event.data.address, name: event.data.name }],
  }),
};

export type CreatePool = PoolCreatedData;

/** A pool takes an address nobody has (nor `default`), a name of 1 to 100 characters, a key of its own. */
export function decideCreatePool(state: PoolRegistryState, command: CreatePool): PoolRegistryEvent[] {
  const name = command.name.trim();
  if (name.length === 0 || name.length > 100)
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'A pool needs a name of 1 to 100 characters.');
  if (!poolAddressPattern.test(command.address))
    throw new DomainError(
      ErrorCodes.VALIDATION_FAILED,
      'A pool address is 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.',
    );
  if (
    command.address === DEFAULT_POOL_ADDRESS ||
    state.pools.some((pool) => pool.address === command.address)
  )
    throw new DomainError(ErrorCodes.POOL_ADDRESS_TAKEN, `The address ${command.address} is taken.`);
  if (state.pools.some((pool) => pool.key === command.key))
    throw new DomainError(ErrorCodes.CONCURRENCY_CONFLICT, 'That pool key is in use; try again.');
  return [{ type: 'PoolCreated', data: { ...command, name } }];
}
