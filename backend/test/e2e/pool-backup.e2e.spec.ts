import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CreatedInvitation, PoolSummary } from '@treble/contracts';
import { backupOnePool, restoreOnePool } from '../../src/cli/one-pool.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { BackupFileError, restorePool, RestoreRefusedError } from '../../src/operations/index.js';
import { Database } from '../../src/platform/database/database.js';
import { PoolDirectory } from '../../src/pools/index.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';

/*
 * One pool's backup and restore (docs/adr/015): the family pool of one install (Olga made it; Pia
 * plays only there, Bob in the office pool too, Zed erased his account) moves to another install,
 * which has pools and people of its own. Its members sign in there with their passwords and find
 * the same standings; nothing of the other install's default pool comes along.
 */
describe.each(databaseTargets)("one pool's backup, restored on another install, on $name", (target) => {
  let source: TestApp;
  let destination: TestApp;
  let olga: SignedIn;
  let pia: SignedIn;
  let bob: SignedIn;
  const files = fs.mkdtempSync(path.join(os.tmpdir(), 'treble-pool-backup-'));
  const file = path.join(files, 'family.ndjson.gz');
  const family = '/api/pools/family';
  const settle = async (app: TestApp) =>
    app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
  /** The family pool's boards, stand-ins by name only (each install numbers its own). */
  const boards = async (reader: Pick<SignedIn, 'request'>) =>
    JSON.parse(
      JSON.stringify({
        overall: (await reader.request('GET', `${family}/leaderboards/overall`)).body,
        survivor: (await reader.request('GET', `${family}/leaderboards/survivor`)).body,
        grid: (await reader.request('GET', `${family}/periods/1/pick-grid`)).body,
      })
        .replace(/Former player \d+/g, 'Former player')
        .replace(/"lastName":"\d+"/g, '"lastName":"N"'),
    ) as unknown;
  let before: unknown;

  beforeAll(async () => {
    source = await startTestApp(target, { POOL_NOW: '2025-08-10T12:00:00Z' });
    olga = await registerAdmin(source, { firstName: 'Olga', lastName: 'Owner' });
    expect((await olga.request('POST', '/api/pools', { address: 'family', name: 'Family' })).status).toBe(
      201,
    );
    expect((await olga.request('POST', `${family}/admin/setup/periods`, {})).status).toBe(200);
    expect((await olga.request('POST', `${family}/admin/setup/options`, {})).status).toBe(200);
    pia = await registerPlayer(source, olga, { firstName: 'Pia', lastName: 'Player', pool: 'family' });
    bob = await registerPlayer(source, olga, { firstName: 'Bob', lastName: 'Baker' });
    const zed = await registerPlayer(source, olga, { firstName: 'Zed', lastName: 'Zander', pool: 'family' });
    const link = (await olga.request('POST', `${family}/invites`, { maxUses: 1 })).body as CreatedInvitation;
    expect((await bob.request('POST', `/api/invitations/${link.token}/join`, {})).status).toBe(200);
    for (const [player, team] of [
      [pia, 'ARS'],
      [bob, 'LIV'],
      [zed, 'CHE'],
    ] as const)
      expect(
        (await player.request('POST', `${family}/choices`, { periodId: 1, optionId: `1-${team}` })).status,
      ).toBe(201);
    source.clock!.set(new Date('2025-08-19T12:00:00Z'));
    for (const [optionId, outcome] of [
      ['1-ARS', 'win'],
      ['1-LIV', 'draw'],
      ['1-CHE', 'loss'],
    ] as const)
      expect((await olga.request('POST', `${family}/results`, { optionId, outcome })).status).toBe(201);
    expect((await olga.request('POST', `${family}/periods/1/complete`, { force: true })).status).toBe(200);
    expect((await zed.request('POST', '/api/auth/user/erasure', { password: zed.password })).status).toBe(
      204,
    );
    await settle(source);
    before = await boards(pia);
    const header = await backupOnePool({
      database: source.app.get(Database),
      store: source.app.get<EventStore>(EVENT_STORE),
      address: 'family',
      file,
      appVersion: 'test',
    });
    expect(header.pool).toMatchObject({ address: 'family', name: 'Family' });
    expect(header.counts.accounts).toBe(4);
    destination = await startTestApp(target, { POOL_NOW: '2025-08-19T12:00:00Z' });
  }, 240_000);
  afterAll(async () => {
    await source?.close();
    await destination?.close();
    fs.rmSync(files, { recursive: true, force: true });
  });

  it('refuses what it cannot restore, changing nothing', async () => {
    const owner = await registerAdmin(destination, { firstName: 'Nina', lastName: 'New' });
    // Someone here has Pia's address: the pool's Pia would be two people.
    const lookalike = await registerPlayer(destination, owner, { email: pia.user.email, firstName: 'Other' });
    const store = destination.app.get<EventStore>(EVENT_STORE);
    const head = await store.headPosition();
    const restore = () => restoreOnePool({ database: destination.app.get(Database), store, file });
    await expect(restore()).rejects.toThrow(RestoreRefusedError);
    expect(await store.headPosition()).toBe(head);
    // A pool's file is not a whole install's, nor is the default pool a pool to back up alone.
    await expect(restorePool({ database: destination.app.get(Database), file })).rejects.toThrow(
      BackupFileError,
    );
    const backupOfDefault = backupOnePool({
      database: source.app.get(Database),
      store: source.app.get<EventStore>(EVENT_STORE),
      address: 'default',
      file: path.join(files, 'default.ndjson.gz'),
      appVersion: 'test',
    });
    await expect(backupOfDefault).rejects.toThrow(RestoreRefusedError);
    // The look-alike leaves: the address is free.
    expect(
      (await lookalike.request('POST', '/api/auth/user/erasure', { password: lookalike.password })).status,
    ).toBe(204);
  });

  it('brings the pool over: its members sign in with their passwords and find the same standings', async () => {
    const result = await restoreOnePool({
      database: destination.app.get(Database),
      store: destination.app.get<EventStore>(EVENT_STORE),
      file,
    });
    expect([result.accountsMade, result.accountsKept]).toEqual([4, 0]);
    await settle(destination);
    const signIn = async (who: SignedIn) => {
      const client = destination.client();
      const answer = await client.request('POST', '/api/auth/login', {
        email: who.user.email,
        password: who.password,
      });
      expect([who.user.email, answer.status]).toEqual([who.user.email, 200]);
      return client;
    };
    const piaHere = await signIn(pia);
    expect(
      ((await piaHere.request('GET', '/api/pools')).body as PoolSummary[]).map((pool) => pool.address),
    ).toEqual(['family']);
    expect(await boards(piaHere)).toEqual(before);
    // Bob's office pool stayed behind: here he is in the family pool only.
    const bobHere = await signIn(bob);
    expect(
      ((await bobHere.request('GET', '/api/pools')).body as PoolSummary[]).map((pool) => pool.address),
    ).toEqual(['family']);
    // Olga still runs it.
    const olgaHere = await signIn(olga);
    expect((await olgaHere.request('GET', `${family}/admin/users`)).status).toBe(200);
    const engine = destination.app.get(ProjectionEngine);
    const key = (await destination.app.get(PoolDirectory).keyOf('family'))!;
    for (const projection of engine.projections)
      expect([projection.name, (await engine.verify(projection.name, undefined, key)).differences]).toEqual([
        projection.name,
        [],
      ]);
    // Once here, never twice.
    await expect(
      restoreOnePool({
        database: destination.app.get(Database),
        store: destination.app.get<EventStore>(EVENT_STORE),
        file,
      }),
    ).rejects.toThrow(RestoreRefusedError);
  });
});
