import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isPickVisibleTo } from '../../picks/domain/visibility.js';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { pickShownToOthersSql } from './pick-visibility.sql.js';

const now = new Date('2025-08-16T14:00:00.000Z');
const ms = 1;
const minute = 60_000;

/**
 * Options locking around `now`, down to the millisecond on either side, and one without a lock
 * time; some of them with a result (recorded before kickoff, or after).
 */
const options: { id: string; lockAt: Date | null; hasResult: boolean }[] = [
  { id: 'no-lock-time', lockAt: null, hasResult: false },
  { id: 'no-lock-time-with-a-result', lockAt: null, hasResult: true },
  { id: 'locked-long-ago', lockAt: new Date(now.getTime() - 30 * 24 * 60 * minute), hasResult: true },
  { id: 'locked-a-minute-ago', lockAt: new Date(now.getTime() - minute), hasResult: false },
  { id: 'locked-a-millisecond-ago', lockAt: new Date(now.getTime() - ms), hasResult: false },
  { id: 'locks-now', lockAt: now, hasResult: false },
  { id: 'locks-in-a-millisecond', lockAt: new Date(now.getTime() + ms), hasResult: false },
  { id: 'locks-in-a-minute', lockAt: new Date(now.getTime() + minute), hasResult: false },
  { id: 'locks-in-a-minute-with-a-result', lockAt: new Date(now.getTime() + minute), hasResult: true },
];

describe.each(databaseTargets)('the pick-visibility rule in SQL on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
    await handle.database.query('CREATE TABLE visibility_options (id text PRIMARY KEY, lock_at timestamptz)');
    // The rule reads `results` by its logical name: here a table of the options with one.
    await handle.database.query('CREATE TABLE results (option_id text PRIMARY KEY)');
    for (const option of options) {
      await handle.database.query('INSERT INTO visibility_options (id, lock_at) VALUES ($1, $2)', [
        option.id,
        option.lockAt,
      ]);
      if (option.hasResult) await handle.database.query('INSERT INTO results VALUES ($1)', [option.id]);
    }
  });
  afterAll(async () => handle?.dispose());

  it("shows another player's pick exactly when picks/domain/visibility.ts does", async () => {
    const { rows } = await handle.database.query<{ id: string; shown: boolean }>(
      `SELECT o.id, coalesce(${pickShownToOthersSql('o', '$1::timestamptz')}, false) AS shown
         FROM visibility_options o`,
      [now],
    );
    const shown = Object.fromEntries(rows.map((row) => [row.id, row.shown]));
    const expected = Object.fromEntries(
      options.map((option) => [
        option.id,
        isPickVisibleTo('viewer', { userId: 'another player' }, option, now),
      ]),
    );
    expect(shown).toEqual(expected);
    // The table covers both answers.
    expect(new Set(Object.values(expected))).toEqual(new Set([true, false]));
  });

  it('filters the same rows in a WHERE clause (no lock time is not shown, not unknown)', async () => {
    const { rows } = await handle.database.query<{ id: string }>(
      `SELECT o.id FROM visibility_options o WHERE ${pickShownToOthersSql('o', '$1::timestamptz')} ORDER BY o.id COLLATE "C"`,
      [now],
    );
    expect(rows.map((row) => row.id)).toEqual(
      options
        .filter((option) => isPickVisibleTo('viewer', { userId: 'another player' }, option, now))
        .map((option) => option.id)
        .sort(),
    );
  });
});
