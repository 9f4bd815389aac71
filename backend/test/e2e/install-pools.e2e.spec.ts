import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { QueryBus } from '@nestjs/cqrs';
import type { CreatedInvitation, InstallPool, PoolSummary } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { Database } from '../../src/platform/database/database.js';
import { inPool } from '../../src/platform/pool-scope/pool-scope.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { PoolDirectory } from '../../src/pools/index.js';
import { PlayedPoolsQuery } from '../../src/shared/queries/pool-queries.js';
import {
  expectRefused,
  registerAdmin,
  registerPlayer,
  startTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/**
 * The install's owner looks after its pools (docs/adr/015): lists them with member counts only,
 * archives one (read-only, out of the background work), restores it, deletes an archived one (gone
 * from every route and list, its read rows dropped where the log says, its address kept). Nobody
 * else may, and a refusal changes nothing.
 */
describe.each(databaseTargets)("the install owner's pools on $name", (target) => {
  let app: TestApp;
  let owner: SignedIn;
  let pia: SignedIn;
  let familyKey: string;
  const family = '/api/pools/family';

  beforeAll(async () => {
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z', POOL_NAME: 'Office pool' });
    owner = await registerAdmin(app, { firstName: 'Olga', lastName: 'Owner' });
    expect(
      (await owner.request('POST', '/api/pools', { address: 'family', name: 'Family pool' })).status,
    ).toBe(201);
    // Pia plays in the family pool only, and is its admin: no say over the install.
    pia = await registerPlayer(app, owner, { firstName: 'Pia', lastName: 'Player', pool: 'family' });
    expect(
      (await owner.request('PATCH', `${family}/admin/users/${pia.user.id}/admin`, { isAdmin: true })).status,
    ).toBe(200);
    expect((await pia.request('POST', `${family}/admin/setup/periods`, {})).status).toBe(200);
    expect((await pia.request('POST', `${family}/admin/setup/options`, {})).status).toBe(200);
    expect((await pia.request('POST', `${family}/choices`, { periodId: 1, optionId: '1-ARS' })).status).toBe(
      201,
    );
    familyKey = (await app.app.get(PoolDirectory).keyOf('family'))!;
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });

  const played = async () =>
    (await app.app.get(QueryBus).execute(new PlayedPoolsQuery())).map((pool) => pool.address);

  it('lists every pool with how many members it has, for the owner alone', async () => {
    const listed = (await owner.request('GET', '/api/install/pools')).body as InstallPool[];
    expect(listed).toEqual([
      {
        address: 'default',
        name: 'Office pool',
        isDefault: true,
        archived: false,
        members: 1,
        createdAt: null,
      },
      {
        address: 'family',
        name: 'Family pool',
        isDefault: false,
        archived: false,
        members: 2,
        createdAt: '2025-08-10T12:00:00.000Z',
      },
    ]);
    const store = app.app.get<EventStore>(EVENT_STORE);
    const head = await store.headPosition();
    await expectRefused(app, pia, ['GET', '/api/install/pools'], 403, 'INSTALL_OWNER_ONLY');
    await expectRefused(app, pia, ['POST', '/api/install/pools/family/archive'], 403, 'INSTALL_OWNER_ONLY');
    await expectRefused(app, pia, ['DELETE', '/api/install/pools/family'], 403, 'INSTALL_OWNER_ONLY');
    await expectRefused(app, owner, ['DELETE', '/api/install/pools/family'], 409, 'POOL_NOT_ARCHIVED');
    await expectRefused(app, owner, ['POST', '/api/install/pools/default/archive'], 409, 'POOL_NOT_ARCHIVED');
    await expectRefused(app, owner, ['POST', '/api/install/pools/nowhere/archive'], 404, 'POOL_NOT_FOUND');
    expect(await store.headPosition()).toBe(head);
  });

  it('archives a pool: its history reads as before, nothing in it changes, no background work runs in it', async () => {
    const { token } = (await owner.request('POST', `${family}/invites`, { maxUses: 5 }))
      .body as CreatedInvitation;
    const archived = await owner.request('POST', '/api/install/pools/family/archive');
    expect(archived.status).toBe(200);
    expect((archived.body as InstallPool[]).find((pool) => pool.address === 'family')).toMatchObject({
      archived: true,
    });
    const [event] = (await app.app.get<EventStore>(EVENT_STORE).readStream('pools')).slice(-1);
    expect(event).toMatchObject({
      type: 'PoolArchived',
      data: { key: familyKey },
      metadata: { actor: owner.user.id },
    });

    expect((await pia.request('GET', `${family}/choices/period/1`)).status).toBe(200);
    await expectRefused(
      app,
      pia,
      [
        'POST',
        `${family}/choices`,
        {
          periodId: 1,
          optionId: '1-LIV',
        },
      ],
      409,
      'POOL_ARCHIVED',
    );
    expect(((await pia.request('GET', '/api/pools')).body as PoolSummary[])[0]).toMatchObject({
      address: 'family',
      archived: true,
    });
    expect(await played()).toEqual(['default']);
    // Nobody joins it, signed in or signing up through its link.
    const outsider = await registerPlayer(app, owner, { firstName: 'Otto' });
    await expectRefused(app, outsider, ['POST', `/api/invitations/${token}/join`, {}], 409, 'POOL_ARCHIVED');
    const newcomer = { email: 'newcomer@example.com', password: 'correct horse battery', inviteToken: token };
    await expectRefused(app, app.client(), ['POST', '/api/auth/register', newcomer], 409, 'POOL_ARCHIVED');
    // Archiving twice decides nothing.
    const again = await owner.request('POST', '/api/install/pools/family/archive');
    expect(again.status).toBe(200);
    expect((await app.app.get<EventStore>(EVENT_STORE).readStream('pools')).at(-1)!.type).toBe(
      'PoolArchived',
    );

    expect((await owner.request('POST', '/api/install/pools/family/restore')).status).toBe(200);
    expect((await pia.request('POST', `${family}/choices`, { periodId: 1, optionId: '1-LIV' })).status).toBe(
      201,
    );
    expect(await played()).toEqual(['default', 'family']);

    // One pool's rows verify against a rebuild of its own events (and the install's) alone.
    const engine = app.app.get(ProjectionEngine);
    await engine.waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
    for (const name of ['standings', 'users'])
      expect([name, (await engine.verify(name, undefined, familyKey)).differences]).toEqual([name, []]);
    // A family row gone wrong shows in the family pool's verify, not in the default pool's.
    await inPool(familyKey, () =>
      app.app.get(Database).query('UPDATE members SET fee_paid_on = $1::date', ['2025-08-01']),
    );
    expect((await engine.verify('users', undefined, familyKey)).differences).toEqual([
      expect.objectContaining({ table: `members (pool ${familyKey})`, onlyLive: 2, onlyRebuilt: 2 }),
    ]);
    expect((await engine.verify('users', undefined, '')).differences).toEqual([]);
    // Rebuilding the family pool's rows mends them in place; the default pool's rows stay as they were.
    const defaultMembers = () => app.app.get(Database).query('SELECT * FROM members ORDER BY 1, 2, 3');
    const before = (await defaultMembers()).rows;
    expect(await engine.rebuildPool('users', familyKey)).toBeGreaterThan(0);
    expect((await engine.verify('users', undefined, familyKey)).differences).toEqual([]);
    expect((await defaultMembers()).rows).toEqual(before);
    expect((await engine.verify('users')).differences).toEqual([]);
  });

  it('deletes an archived pool: gone from every route and list, its rows dropped, its address kept', async () => {
    expect((await owner.request('POST', '/api/install/pools/family/archive')).status).toBe(200);
    const deleted = await owner.request('DELETE', '/api/install/pools/family');
    expect(deleted.status).toBe(200);
    expect((deleted.body as InstallPool[]).map((pool) => pool.address)).toEqual(['default']);
    await expectRefused(app, pia, ['GET', `${family}/choices/period/1`], 404, 'POOL_NOT_FOUND');
    expect((await pia.request('GET', '/api/pools')).body).toEqual([]);
    await expectRefused(
      app,
      owner,
      [
        'POST',
        '/api/pools',
        {
          address: 'family',
          name: 'Again',
        },
      ],
      409,
      'POOL_ADDRESS_TAKEN',
    );

    // The projector drops the pool's rows where the log records the deletion; a rebuild agrees.
    const engine = app.app.get(ProjectionEngine);
    await engine.waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
    const database = app.app.get(Database);
    const rows = async (sql: string) =>
      Number((await database.query<{ n: string }>(sql, [familyKey])).rows[0]!.n);
    expect(await rows('SELECT count(*) AS n FROM memberships WHERE pool_id = $1')).toBe(0);
    expect(
      await inPool(familyKey, () => rows('SELECT count(*) AS n FROM choices WHERE $1::text IS NOT NULL')),
    ).toBe(0);
    expect(
      await inPool(familyKey, () => rows('SELECT count(*) AS n FROM periods WHERE $1::text IS NOT NULL')),
    ).toBe(0);
    for (const projection of engine.projections)
      expect({
        projection: projection.name,
        differences: (await engine.verify(projection.name)).differences,
      }).toEqual({ projection: projection.name, differences: [] });
  });
});
