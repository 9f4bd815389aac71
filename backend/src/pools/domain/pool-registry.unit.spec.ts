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

  it('creates a pool with a trimmed name, and lists it; another address and key make another', () => {
    const state = spec
      .given([])
      .when(office)
      .then([created({ ...office, name: 'Office pool' })]);
    expect(state.pools).toEqual([{ key: 'k1', address: 'office-2026', name: 'Office pool' }]);
    // A name may be 100 characters long.
    const family: CreatePool = { key: 'k2', address: 'family', name: 'F'.repeat(100), createdBy: 'bob' };
    spec
      .given([created(office)])
      .when(family)
      .then([created(family)]);
  });

  it('gives an address once, and never `default`; a key once', () => {
    spec
      .given([created(office)])
      .when({ ...office, key: 'k2', name: 'Another' })
      .thenRefused(ErrorCodes.POOL_ADDRESS_TAKEN, 'The address office-2026 is taken.');
    spec
      .given([])
      .when({ ...office, address: 'default' })
      .thenRefused(ErrorCodes.POOL_ADDRESS_TAKEN, 'The address default is taken.');
    spec
      .given([created(office)])
      .when({ ...office, address: 'family' })
      .thenRefused(ErrorCodes.CONCURRENCY_CONFLICT, 'That pool key is in use; try again.');
  });

  it('refuses a malformed address or name, saying what is allowed', () => {
    const addressRule =
      'A pool address is 3 to 40 lower-case letters, digits and dashes, starting and ending with a letter or digit.';
    for (const address of ['ab', 'Office', '-office', 'office-', 'off ice', 'a'.repeat(41)])
      spec
        .given([])
        .when({ ...office, address })
        .thenRefused(ErrorCodes.VALIDATION_FAILED, addressRule);
    for (const name of ['', '   ', 'x'.repeat(101)])
      spec
        .given([])
        .when({ ...office, name })
        .thenRefused(ErrorCodes.VALIDATION_FAILED, 'A pool needs a name of 1 to 100 characters.');
  });
});
