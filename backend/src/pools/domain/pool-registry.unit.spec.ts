import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideArchivePool,
  decideCreatePool,
  decideDeletePool,
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
    expect(state.pools).toEqual([
      {
        key: 'k1',
        address: 'office-2026',
        name: 'Office pool',
        createdBy: 'ann',
        archived: false,
        deleted: false,
      },
    ]);
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

  describe("the install owner's archive and delete", () => {
    type Change = { archive: boolean } | { delete: true };
    const owner = deciderSpec({
      ...poolRegistryModel,
      decide: (command: Change & { address: string }, state) =>
        'delete' in command
          ? decideDeletePool(state, command.address)
          : decideArchivePool(state, command.address, command.archive),
    });
    const address = 'office-2026';
    const listed = created({ ...office, name: 'Office pool' });
    const archived: PoolRegistryEvent = { type: 'PoolArchived', data: { key: 'k1' } };

    it('archives a pool once, restores it once, deletes it only archived', () => {
      const state = owner.given([listed]).when({ address, archive: true }).then([archived]);
      expect(state.pools[0]).toMatchObject({ archived: true, deleted: false });
      owner.given([listed, archived]).when({ address, archive: true }).thenNothing();
      owner.given([listed]).when({ address, archive: false }).thenNothing();
      owner
        .given([listed, archived])
        .when({ address, archive: false })
        .then([{ type: 'PoolRestored', data: { key: 'k1' } }]);
      owner
        .given([listed])
        .when({ address, delete: true })
        .thenRefused(ErrorCodes.POOL_NOT_ARCHIVED, 'Archive Office pool first; then it can be deleted.');
      const gone = owner
        .given([listed, archived])
        .when({ address, delete: true })
        .then([{ type: 'PoolDeleted', data: { key: 'k1' } }]);
      expect(gone.pools[0]).toMatchObject({ deleted: true });
    });

    it('knows no deleted pool, and never archives the default one', () => {
      const deleted: PoolRegistryEvent = { type: 'PoolDeleted', data: { key: 'k1' } };
      owner
        .given([listed, archived, deleted])
        .when({ address, archive: false })
        .thenRefused(ErrorCodes.POOL_NOT_FOUND, 'There is no pool at office-2026.');
      owner
        .given([])
        .when({ address: 'default', archive: true })
        .thenRefused(
          ErrorCodes.POOL_NOT_ARCHIVED,
          "The install's default pool is never archived or deleted.",
        );
    });
  });
});
