import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideCreatePool,
  poolRegistryModel,
  type CreatePool,
  type PoolRegistryEvent,
} from './pool-registry.js';

describe('the pool registry', () => {
  const spec = deciderSpec({
    ...poolRegistryModel,
    decide: (command: CreatePool, state) => decideCreatePool(state, command),
  });
  const office: CreatePool = { key: 'k1', address: 'office-2026', name: ' Office pool ', createdBy: 'ann' };
  const created = (pool: CreatePool): PoolRegistryEvent => ({ type: 'PoolCreated', data: pool });

  it('creates a pool with a trimmed name, and lists it', () => {
    const state = spec
      .given([])
      .when(office)
      .then([created({ ...office, name: 'Office pool' })]);
    expect(state.pools).toEqual([{ key: 'k1', address: 'office-2026', name: 'Office pool' }]);
  });

  it('gives an address once, and never `default`', () => {
    spec
      .given([created(office)])
      .when({ ...office, key: 'k2', name: 'Another' })
      .thenRefused(ErrorCodes.POOL_ADDRESS_TAKEN);
    spec
      .given([])
      .when({ ...office, address: 'default' })
      .thenRefused(ErrorCodes.POOL_ADDRESS_TAKEN);
    spec
      .given([created(office)])
      .when({ ...office, address: 'family' })
      .thenRefused(ErrorCodes.CONCURRENCY_CONFLICT);
  });

  it('refuses a malformed address or name', () => {
    for (const address of ['ab', 'Office', '-office', 'office-', 'off ice', 'a'.repeat(41)])
      spec
        .given([])
        .when({ ...office, address })
        .thenRefused(ErrorCodes.VALIDATION_FAILED);
    for (const name of ['', '   ', 'x'.repeat(101)])
      spec
        .given([])
        .when({ ...office, name })
        .thenRefused(ErrorCodes.VALIDATION_FAILED);
  });
});
