import { DEFAULT_POOL_ADDRESS, ErrorCodes, poolAddressPattern } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';

/**
 * The install's pools (docs/adr/015) in ONE stream, `pools`, so an address is given once however
 * many creators race: each appends at the version it read, the later one is decided again and
 * refused. The default pool (key '', address `default`) is in no event: every install has it.
 */
export const poolRegistryStreamId = 'pools';
/** The Postgres channel on which the app's instances hear that the registry changed (pools/pool-directory.ts). */
export const poolDirectoryChannel = 'treble_pools';

export interface PoolCreatedData {
  /** Immutable; names the pool's streams (event-store/pool-scope.ts). */
  key: string;
  /** What routes and links name (`/api/pools/{address}/…`). */
  address: string;
  name: string;
  createdBy: string;
}

export type PoolRegistryEvent =
  | DomainEvent<'PoolCreated', PoolCreatedData>
  /** The install's owner archived a pool: read-only, no background work; `by` in the metadata. */
  | DomainEvent<'PoolArchived', { key: string }>
  | DomainEvent<'PoolRestored', { key: string }>
  /** Deleted (archived first): gone from every route and list; its address stays taken. */
  | DomainEvent<'PoolDeleted', { key: string }>;

export interface RegisteredPool {
  key: string;
  address: string;
  name: string;
}

export interface ListedPool extends RegisteredPool {
  createdBy: string;
  archived: boolean;
  deleted: boolean;
}

export interface PoolRegistryState {
  pools: ListedPool[];
}

const withPool = (state: PoolRegistryState, key: string, change: Partial<ListedPool>): PoolRegistryState => ({
  pools: state.pools.map((pool) => (pool.key === key ? { ...pool, ...change } : pool)),
});

export const poolRegistryModel = {
  initialState: (): PoolRegistryState => ({ pools: [] }),
  evolve: (state: PoolRegistryState, event: PoolRegistryEvent): PoolRegistryState => {
    switch (event.type) {
      case 'PoolCreated':
        return { pools: [...state.pools, { ...event.data, archived: false, deleted: false }] };
      case 'PoolArchived':
        return withPool(state, event.data.key, { archived: true });
      case 'PoolRestored':
        return withPool(state, event.data.key, { archived: false });
      case 'PoolDeleted':
        return withPool(state, event.data.key, { deleted: true });
      default:
        return assertNever(event);
    }
  },
};

/** The pool at an address that has not been deleted, or 404 (the default pool is in no event). */
function listed(state: PoolRegistryState, address: string): ListedPool {
  const pool = state.pools.find((candidate) => candidate.address === address && !candidate.deleted);
  if (pool === undefined) {
    if (address === DEFAULT_POOL_ADDRESS)
      throw new DomainError(
        ErrorCodes.POOL_NOT_ARCHIVED,
        "The install's default pool is never archived or deleted.",
      );
    throw new DomainError(ErrorCodes.POOL_NOT_FOUND, `There is no pool at ${address}.`);
  }
  return pool;
}

/** Archiving an archived pool decides nothing (nor restoring a pool in play). */
export function decideArchivePool(
  state: PoolRegistryState,
  address: string,
  archive: boolean,
): PoolRegistryEvent[] {
  const pool = listed(state, address);
  if (pool.archived === archive) return [];
  return [{ type: archive ? 'PoolArchived' : 'PoolRestored', data: { key: pool.key } }];
}

/** Only an archived pool is deleted: the owner has seen it stop before it goes. */
export function decideDeletePool(state: PoolRegistryState, address: string): PoolRegistryEvent[] {
  const pool = listed(state, address);
  if (!pool.archived)
    throw new DomainError(
      ErrorCodes.POOL_NOT_ARCHIVED,
      `Archive ${pool.name} first; then it can be deleted.`,
    );
  return [{ type: 'PoolDeleted', data: { key: pool.key } }];
}

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
