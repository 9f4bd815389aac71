import fs from 'node:fs';
import { afterEach, describe, expect } from '@jest/globals';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { cookieClient } from '../support/app.js';
import {
  itUpgradesTheInstallOf,
  startOn,
  upgradeFixture as fixture,
  type Install,
} from '../support/old-installs.js';
import { personalDataIn } from '../support/personal-data-scan.js';

/** What commit 6d85b79 (main before personal data was sealed) served on its install: fixtures/upgrade/README.md. */
const before = JSON.parse(fs.readFileSync(fixture('standings-6d85b79.json'), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;
const { people, password } = JSON.parse(fs.readFileSync(fixture('people-6d85b79.json'), 'utf8')) as {
  people: { email: string; firstName: string; lastName: string }[];
  password: string;
};
const boards = ['overall', 'survivor', 'last10'];

/** Rows of a board by player (ties are ordered by name, which an erasure changes). */
const byPlayer = (rows: unknown) =>
  [...(rows as { userId: string }[])].sort((a, b) => a.userId.localeCompare(b.userId));

/** What the install answered before, with Ada Byrne as the stand-in that takes her place. */
const withStandIn = (value: unknown) =>
  JSON.parse(
    JSON.stringify(value)
      .replaceAll('"Ada Byrne"', '"Former player 1"')
      .replaceAll('"firstName":"Ada"', '"firstName":"Former player"')
      .replaceAll('"lastName":"Byrne"', '"lastName":"1"')
      .replaceAll('"ada@demo.treble"', '""'),
  ) as unknown;

/*
 * An install made by main before personal data was sealed (commit 6d85b79: its data directory, and
 * its backup restored into a new install; three pools) upgrades: its stored events are sealed once,
 * it serves the same standings, and an erasure then leaves none of the person's data anywhere.
 */
describe('an install made before personal data was sealed', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function expectSealedThenErasable(install: Install): Promise<void> {
    const { app, base, settle } = await startOn(install, '2025-10-01T00:00:00Z', cleanups);
    const engine = app.get(ProjectionEngine);
    const db = app.get(Database);
    // Sealed: no address or surname of anyone is readable in an event any more.
    const everyone = people.flatMap((person) => [person.email, person.lastName]);
    expect((await personalDataIn(db, everyone)).filter((hit) => hit.startsWith('events'))).toEqual([]);

    const host = cookieClient(base);
    expect(
      (await host.request('POST', '/api/auth/login', { email: 'admin@demo.treble', password })).status,
    ).toBe(200);
    const read = async () => {
      const now: Record<string, Record<string, unknown>> = {};
      for (const pool of Object.keys(before)) {
        now[pool] = {};
        for (const board of boards)
          now[pool][board] = byPlayer(
            (await host.request('GET', `/api/pools/${pool}/leaderboards/${board}`)).body,
          );
      }
      return now;
    };
    const expected = Object.fromEntries(
      Object.entries(before).map(([pool, answers]) => [
        pool,
        Object.fromEntries(boards.map((board) => [board, byPlayer(answers[board])])),
      ]),
    );
    expect(await read()).toEqual(expected);

    // Ada (default and office pools) deletes her account.
    const ada = cookieClient(base);
    expect(
      (await ada.request('POST', '/api/auth/login', { email: 'ada@demo.treble', password })).status,
    ).toBe(200);
    expect((await ada.request('POST', '/api/auth/user/erasure', { password })).status).toBe(204);
    await settle();
    expect(await read()).toEqual(withStandIn(expected));
    expect(await personalDataIn(db, ['ada@demo.treble', 'Byrne'])).toEqual([]);
    const { rows: pools } = await db.query<{ key: string }>(
      'SELECT DISTINCT pool_id AS key FROM memberships',
    );
    expect(pools).toHaveLength(3);
    for (const { key } of pools)
      for (const projection of engine.projections)
        expect([
          key,
          projection.name,
          (await engine.verify(projection.name, undefined, key)).differences,
        ]).toEqual([key, projection.name, []]);
  }

  itUpgradesTheInstallOf('6d85b79', { events: 1021, credentials: 7 }, expectSealedThenErasable, cleanups);
});
