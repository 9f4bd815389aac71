import { afterEach, describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { databaseTargets, type TestDatabaseTarget } from '../../../test/support/databases.js';
import { StandingsHarness, uid } from '../../../test/support/standings-harness.js';
import { ChoiceQueries } from '../queries/choice.queries.js';
import { ResultQueries } from '../queries/result.queries.js';

const ann = uid(1);
const bob = uid(2);
const cat = uid(3);
const dan = uid(4);
const unknown = uid(5);
const fay = uid(6);
const abe = uid(7);

/** Reads one player's period score row. */
async function scoreRow(h: StandingsHarness, userId: string, periodId: number) {
  const { rows } = await h.database.query(
    'SELECT points, wins, picks, losses FROM period_scores WHERE user_id = $1 AND period_id = $2',
    [userId, periodId],
  );
  return rows[0] ?? null;
}

/** Active picks per option of a period. */
async function pickCounts(h: StandingsHarness, periodId: number) {
  const { rows } = await h.database.query(
    `SELECT option_id, count(*)::integer AS picks FROM choices WHERE period_id = $1 AND status = 'active'
      GROUP BY option_id ORDER BY option_id`,
    [periodId],
  );
  return rows;
}

/** The results held while their period was completed: option, outcome and source. */
async function pendingResults(h: StandingsHarness) {
  const { rows } = await h.database.query(
    'SELECT option_id, outcome, source FROM pending_results ORDER BY option_id',
  );
  return rows.map((row) => [row.option_id, row.outcome, row.source]);
}

/** The leaderboards agree with the reference rules, and a rebuild and a double apply change nothing. */
async function expectConsistent(h: StandingsHarness): Promise<void> {
  await h.sync();
  const reference = h.reference();
  const boards = await h.boards();
  expect(boards.overall).toEqual(reference.overall);
  expect(boards.last10).toEqual(reference.last10);
  expect(boards.survivor).toEqual(reference.survivor);
  // Every page is the matching slice of the whole list, ranks included.
  for (const kind of ['overall', 'survivor', 'last10'] as const) {
    const whole = await h.leaderboards.list(kind);
    for (const limit of [1, 2, 3]) {
      for (let offset = 0; offset <= whole.length; offset++) {
        expect({ kind, limit, offset, page: await h.leaderboards.list(kind, { limit, offset }) }).toEqual({
          kind,
          limit,
          offset,
          page: whole.slice(offset, offset + limit),
        });
      }
    }
    expect(await h.leaderboards.list(kind, { offset: 1 })).toEqual(whole.slice(1));
    // Keyset: the page after each row is the next slice, ranks included.
    for (const [index, row] of whole.entries()) {
      for (const limit of [1, 2]) {
        expect({
          kind,
          limit,
          after: row.userId,
          page: await h.leaderboards.list(kind, { limit, after: row.userId }),
        }).toEqual({
          kind,
          limit,
          after: row.userId,
          page: whole.slice(index + 1, index + 1 + limit),
        });
      }
      expect(await h.leaderboards.list(kind, { after: row.userId })).toEqual(whole.slice(index + 1));
    }
    // As other players see it (some rows hidden before their picks lock), pages are slices too:
    // matchweek 1's options have locked, the others have not (a stand-in for the options view).
    await h.database.query(
      'CREATE TABLE IF NOT EXISTS options (id text PRIMARY KEY, lock_at timestamptz NOT NULL)',
    );
    await h.database.query(
      `INSERT INTO options SELECT DISTINCT option_id, CASE WHEN period_id = 1 THEN timestamptz '2025-08-15T19:00:00Z'
         ELSE timestamptz '2025-10-01T00:00:00Z' END FROM choices ON CONFLICT (id) DO NOTHING`,
    );
    const shown = h.leaderboards.shownAt(new Date('2025-08-16T00:00:00Z'));
    const visible = await shown.list(kind);
    for (const [index, row] of visible.entries()) {
      expect(await shown.list(kind, { limit: 2, offset: index })).toEqual(visible.slice(index, index + 2));
      expect(await shown.list(kind, { limit: 2, after: row.userId })).toEqual(
        visible.slice(index + 1, index + 3),
      );
    }
    for (const row of whole) expect(await h.leaderboards.entryOf(kind, row.userId)).toEqual(row);
  }
  // The counts others see agree with the boards they see: every survivor still in is among the
  // players shown, whatever the survivor row's own points.
  const shown = h.leaderboards.shownAt(new Date('2025-08-16T00:00:00Z'));
  const shownPlayers = new Set((await shown.list('overall')).map((row) => row.userId));
  expect(await shown.summary()).toEqual({
    totalPlayers: shownPlayers.size,
    survivors: boards.survivor.filter((row) => !row.isEliminated && shownPlayers.has(row.userId)).length,
    last10Players: (await shown.list('last10')).length,
  });
  const { rows } = await h.database.query<{
    user_id: string;
    period_id: number;
    points: number;
    wins: number;
    picks: number;
    losses: number;
  }>('SELECT * FROM period_scores ORDER BY user_id, period_id');
  expect(
    rows.map((r) => ({
      userId: r.user_id,
      periodId: r.period_id,
      points: r.points,
      wins: r.wins,
      picks: r.picks,
      hasLosingPick: r.losses > 0,
    })),
  ).toEqual(reference.scores);
  const live = await h.snapshot();
  expect(await h.applyEverythingTwice()).toEqual(live);
  expect(await h.rebuild()).toEqual(live);
}

const survivorView = (rows: Awaited<ReturnType<StandingsHarness['boards']>>['survivor']) =>
  rows.map((r) => [r.displayName, r.rank, r.points, r.strikeCount, r.eliminatedInPeriod]);

describe.each(databaseTargets)('standings projection on $name', (target: TestDatabaseTarget) => {
  let h: StandingsHarness;
  const open = async (rules: PoolRules = defaultRules) => {
    h = await StandingsHarness.open(target, rules);
    return h;
  };
  afterEach(async () => h?.close());

  it('ranks Overall by points, then winning picks; ties share a rank and are listed by display name; pages keep ranks', async () => {
    await open();
    await h.addUser(abe, 'Abe', null, 'abe@x.io');
    await h.addUser(ann, 'Ann', 'Lee', 'ann@x.io');
    await h.addUser(bob, 'bob', null, 'bob@x.io');
    await h.addUser(cat, 'Cat', null, 'cat@x.io');
    await h.addUser(dan, 'Dan', null, 'dan@x.io');
    await h.addUser(fay, null, null, 'fay@x.io');
    await h.schedule(1);
    await h.play(ann, 1, 'WDL'); // 4 points, 1 win
    await h.play(abe, 1, 'WDL'); // 4, 1
    await h.play(dan, 1, 'WL'); // 3, 1: ahead of the 3-point players without a win
    await h.play(bob, 1, 'DDD'); // 3, 0
    await h.play(cat, 1, 'DDD'); // 3, 0
    await h.play(unknown, 1, 'DDD'); // 3, 0, no account
    await h.play(fay, 1, 'L'); // 0
    await h.scoreKinds(1);
    await h.sync();

    const rows = (await h.leaderboards.overall()).map((e) => [e.rank, e.displayName, e.totalPoints, e.wins]);
    expect(rows).toEqual([
      [1, 'Abe', 4, 1],
      [1, 'Ann Lee', 4, 1],
      [3, 'Dan', 3, 1],
      // Case-insensitive: "bob" before "Cat" (by code point "Cat" would come first).
      [4, 'bob', 3, 0],
      [4, 'Cat', 3, 0],
      [4, 'Unknown User', 3, 0],
      [7, 'f…@x.io', 0, 0],
    ]);
    const page = await h.leaderboards.overall({ limit: 3, offset: 2 });
    expect(page.map((e) => [e.rank, e.displayName])).toEqual([
      [3, 'Dan'],
      [4, 'bob'],
      [4, 'Cat'],
    ]);
    expect(
      (await h.leaderboards.overall({ limit: 10, offset: 5 })).map((e) => [e.rank, e.displayName]),
    ).toEqual([
      [4, 'Unknown User'],
      [7, 'f…@x.io'],
    ]);
    expect(await h.leaderboards.entryOf('overall', unknown)).toMatchObject({
      rank: 4,
      userId: unknown,
      firstName: null,
      email: null,
      displayName: 'Unknown User',
      totalPoints: 3,
    });
    expect(await h.leaderboards.entryOf('overall', ann)).toMatchObject({
      rank: 1,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@x.io',
      profileImageUrl: `https://img.example/${ann}.png`,
    });
    expect((await h.leaderboards.entryOf('overall', fay))?.rank).toBe(7);
    expect(await h.leaderboards.entryOf('overall', uid(99))).toBeNull();
    expect(await h.leaderboards.list('overall')).toHaveLength(7);
    await expect(h.leaderboards.overall({ limit: -1 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expectConsistent(h);
  });

  it('joins names from a users view whose id is text, and keeps ids that are not uuids', async () => {
    await open();
    await h.database.query('DROP TABLE users');
    await h.database.query(
      'CREATE TABLE users (id text PRIMARY KEY, email text NOT NULL, first_name text, last_name text, profile_image_url text)',
    );
    await h.database.query(
      "INSERT INTO users (id, email, first_name) VALUES ('player-1', 'one@x.io', 'One'), ($1, 'two@x.io', 'Two')",
      [bob],
    );
    await h.schedule(1);
    await h.play('player-1', 1, 'W');
    await h.play(bob, 1, 'D');
    await h.play('player-3', 1, 'L');
    await h.scoreKinds(1);
    await h.sync();
    for (const kind of ['overall', 'survivor'] as const) {
      expect((await h.leaderboards.list(kind)).map((e) => [e.userId, e.displayName, e.email])).toEqual([
        ['player-1', 'One', 'one@x.io'],
        [bob, 'Two', 'two@x.io'],
        ['player-3', 'Unknown User', null],
      ]);
      expect(await h.leaderboards.entryOf(kind, 'player-1')).toMatchObject({ displayName: 'One', rank: 1 });
      // Survivor has no completed period yet: everyone is level.
      expect((await h.leaderboards.list(kind, { limit: 1, offset: 1 }))[0]).toMatchObject({
        displayName: 'Two',
        rank: kind === 'overall' ? 2 : 1,
      });
    }
  });

  it('scores a voided pick 0 but keeps it as a pick; withdrawn and cleared picks go, and a player without picks leaves', async () => {
    await open();
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.schedule(1);
    const [annWin, annDraw] = await h.play(ann, 1, 'WD');
    await h.play(bob, 1, 'W');
    await h.scoreKinds(1);
    await h.sync();
    expect(await scoreRow(h, ann, 1)).toEqual({ points: 4, wins: 1, picks: 2, losses: 0 });

    await h.voidPick(annWin!);
    await h.sync();
    expect(await scoreRow(h, ann, 1)).toEqual({ points: 1, wins: 0, picks: 2, losses: 0 });
    const choices = new ChoiceQueries(h.database);
    expect(await choices.usage(ann)).toEqual([{ teamKey: 'D1', teamName: 'D1', uses: 1 }]);
    expect(await pickCounts(h, 1)).toEqual([
      { option_id: '1-D1', picks: 1 },
      { option_id: '1-W1', picks: 1 },
    ]);
    expect((await choices.forUserInPeriod(ann, 1)).map((c) => [c.optionId, c.status])).toEqual([
      ['1-W1', 'voided'],
      ['1-D1', 'active'],
    ]);
    await expectConsistent(h);

    await h.withdraw(annDraw!);
    await h.sync();
    // Only the voided pick is left: 0 points, still a pick, still an entrant.
    expect(await scoreRow(h, ann, 1)).toEqual({ points: 0, wins: 0, picks: 1, losses: 0 });
    expect(await h.leaderboards.entryOf('overall', ann)).toMatchObject({ rank: 2, totalPoints: 0 });
    expect(await h.leaderboards.entryOf('survivor', ann)).not.toBeNull();

    await h.clear(ann, 1);
    await h.sync();
    expect(await scoreRow(h, ann, 1)).toBeNull();
    expect(await h.leaderboards.entryOf('overall', ann)).toBeNull();
    expect(await h.leaderboards.entryOf('survivor', ann)).toBeNull();
    expect((await h.leaderboards.overall()).map((e) => e.userId)).toEqual([bob]);
    await expectConsistent(h);
  });

  it('recalculates every score when a result is overwritten or deleted, and when options are removed', async () => {
    await open();
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.schedule(1);
    await h.schedule(29);
    await h.pick(ann, 1, 'ARS');
    await h.picksOf(ann, 29, ['CHE', 'LIV']);
    await h.pick(bob, 29, 'CHE');
    await h.result(1, 'ARS', 'win');
    await h.result(29, 'CHE', 'win');
    await h.result(29, 'LIV', 'draw');
    await h.sync();
    const totals = async () => ({
      overall: (await h.leaderboards.overall()).map((e) => [e.displayName, e.totalPoints, e.wins]),
      last10: (await h.leaderboards.last10()).map((e) => [e.displayName, e.totalPoints, e.wins]),
    });
    expect(await totals()).toEqual({
      overall: [
        ['Ann', 7, 2],
        ['Bob', 3, 1],
      ],
      last10: [
        ['Ann', 4, 1],
        ['Bob', 3, 1],
      ],
    });

    await h.result(29, 'CHE', 'loss');
    await h.sync();
    expect(await totals()).toEqual({
      overall: [
        ['Ann', 4, 1],
        ['Bob', 0, 0],
      ],
      last10: [
        ['Ann', 1, 0],
        ['Bob', 0, 0],
      ],
    });
    expect(await scoreRow(h, bob, 29)).toEqual({ points: 0, wins: 0, picks: 1, losses: 1 });

    await h.deleteResult(29, 'LIV');
    await h.sync();
    expect(await totals()).toEqual({
      overall: [
        ['Ann', 3, 1],
        ['Bob', 0, 0],
      ],
      last10: [
        // Equal on points and wins: listed by name.
        ['Ann', 0, 0],
        ['Bob', 0, 0],
      ],
    });
    expect((await h.leaderboards.last10()).map((e) => e.rank)).toEqual([1, 1]);
    await expectConsistent(h);

    await h.hold(1, 'ARS', 'loss');
    await h.removeOptions(1, ['ARS']);
    await h.sync();
    expect((await h.leaderboards.overall()).map((e) => [e.displayName, e.totalPoints])).toEqual([
      ['Ann', 0],
      ['Bob', 0],
    ]);
    const results = new ResultQueries(h.database);
    expect((await results.all()).map((r) => [r.optionId, r.outcome])).toEqual([['29-CHE', 'loss']]);
    expect(await pendingResults(h)).toEqual([]);
    await expectConsistent(h);
  });

  it('counts in Last 10 the periods whose segment is last10, with Hot, Good and Cold badges', async () => {
    await open();
    const [x, y, z, q, p] = [uid(11), uid(12), uid(13), uid(14), uid(15)];
    for (const [id, name] of [
      [x, 'Xena'],
      [y, 'Yves'],
      [z, 'Zoe'],
      [q, 'Quin'],
      [p, 'Pat'],
    ] as const) {
      await h.addUser(id, name, null, `${name}@x.io`);
    }
    await h.schedule(20, 'last10'); // the segment counts, not the id
    await h.schedule(29, 'main');
    await h.schedule(30);
    await h.schedule(31);
    const plan: Record<string, [string, string, string]> = {
      [x]: ['WWW', 'WWW', 'WWD'], // 25 points, 8 wins: Hot
      [y]: ['WWW', 'WWW', 'WWL'], // 24: Good
      [z]: ['WWW', 'WWD', 'WDL'], // 20: Good
      [q]: ['WWW', 'WWD', 'WLL'], // 19: Cold
    };
    for (const [user, patterns] of Object.entries(plan)) {
      await h.play(user, 20, patterns[0]);
      await h.play(user, 30, patterns[1]);
      await h.play(user, 31, patterns[2]);
      await h.play(user, 29, 'WWW');
    }
    await h.play(p, 29, 'WWW'); // only a main period: not a Last 10 entrant
    for (const period of [20, 29, 30, 31]) await h.scoreKinds(period);
    await h.sync();
    expect(
      (await h.leaderboards.last10()).map((e) => [e.rank, e.displayName, e.totalPoints, e.wins, e.badge]),
    ).toEqual([
      [1, 'Xena', 25, 8, 'Hot'],
      [2, 'Yves', 24, 8, 'Good'],
      [3, 'Zoe', 20, 6, 'Good'],
      [4, 'Quin', 19, 6, 'Cold'],
    ]);
    expect(await h.leaderboards.entryOf('last10', p)).toBeNull();
    expect(await h.leaderboards.summary()).toEqual({ totalPlayers: 5, survivors: 5, last10Players: 4 });
    await expectConsistent(h);

    // A period's segment changed: its picks now count in Last 10.
    await h.schedule(29, 'last10');
    await h.sync();
    expect((await h.leaderboards.last10()).map((e) => [e.displayName, e.totalPoints, e.badge])).toEqual([
      ['Xena', 34, 'Hot'],
      ['Yves', 33, 'Hot'],
      ['Zoe', 29, 'Hot'],
      ['Quin', 28, 'Hot'],
      ['Pat', 9, 'Cold'],
    ]);
    await expectConsistent(h);
  });

  it('gives survivor strikes below 4 points, eliminates at the third, rolls over, and takes strikes back on reopening', async () => {
    await open();
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.addUser(cat, 'Cat', null, 'cat@x.io');
    for (let period = 1; period <= 6; period++) await h.schedule(period);
    const plan: Record<number, Record<string, string>> = {
      1: { [ann]: 'WWW', [bob]: 'DDD', [cat]: '' },
      2: { [ann]: 'WWW', [bob]: 'DDD', [cat]: 'WD' },
      3: { [ann]: 'WD', [bob]: 'DDD', [cat]: 'L' },
      4: { [ann]: 'L', [bob]: 'WWW', [cat]: 'DD' },
      5: { [ann]: 'D' },
      6: { [ann]: 'L' },
    };
    for (let period = 1; period <= 4; period++) {
      for (const [user, pattern] of Object.entries(plan[period]!)) await h.play(user, period, pattern);
      await h.scoreKinds(period);
      await h.complete(period);
    }
    await h.sync();
    const afterFour = (await h.boards()).survivor;
    expect(survivorView(afterFour)).toEqual([
      // Active first; then Cat (out in period 4) before Bob (out in period 3) despite fewer points.
      ['Ann', 1, 22, 1, null],
      ['Cat', 2, 6, 3, 4],
      ['Bob', 3, 9, 3, 3],
    ]);
    expect(afterFour[0]!.isEliminated).toBe(false);
    expect(afterFour[1]!.isEliminated).toBe(true);
    // Overall is live and knows nothing of eliminations.
    expect((await h.leaderboards.overall()).map((e) => [e.displayName, e.totalPoints])).toEqual([
      ['Ann', 22],
      ['Bob', 18],
      ['Cat', 6],
    ]);
    await expectConsistent(h);

    // Period 5: Ann's second strike. Period 6 would knock out every active player (Ann alone): rollover.
    for (const period of [5, 6]) {
      for (const [user, pattern] of Object.entries(plan[period]!)) await h.play(user, period, pattern);
      await h.scoreKinds(period);
      await h.complete(period);
    }
    await h.sync();
    const beforeReopen = (await h.boards()).survivor;
    expect(survivorView(beforeReopen)[0]).toEqual(['Ann', 1, 23, 2, null]);
    await expectConsistent(h);

    // Reopening period 3 takes its strikes back and re-evaluates the periods after it: Bob now
    // falls in period 5 (no picks there), with Cat; period 6 is still a rollover for Ann.
    await h.reopen(3);
    await h.sync();
    expect(survivorView((await h.boards()).survivor)).toEqual([
      ['Ann', 1, 19, 2, null],
      ['Bob', 2, 15, 3, 5],
      ['Cat', 3, 6, 3, 5],
    ]);
    await expectConsistent(h);

    await h.complete(3);
    await h.sync();
    expect((await h.boards()).survivor).toEqual(beforeReopen);
    await expectConsistent(h);
  });

  it('folds periods completed out of order, late entrants and retroactive picks the same as the reference', async () => {
    await open();
    const players = [ann, bob, cat, dan];
    for (const [index, id] of players.entries())
      await h.addUser(id, `Player ${index + 1}`, null, `p${index}@x.io`);
    for (let period = 1; period <= 8; period++) await h.schedule(period);
    const patterns = ['WWW', 'DDD', 'WD', 'L', 'WDL', '', 'DD', 'WWL'];
    for (let period = 1; period <= 6; period++) {
      for (const [index, id] of players.slice(0, 3).entries()) {
        await h.play(id, period, patterns[(period * 3 + index * 5) % patterns.length]!);
      }
      await h.scoreKinds(period);
    }
    // Completed 2, 1, 4, 3: every completion but the first two re-folds.
    for (const period of [2, 1, 4, 3]) await h.complete(period);
    await expectConsistent(h);

    // A player joins in period 7 (open): strikes for every completed period without picks.
    const late = await h.pick(dan, 7, 'W1');
    await h.sync();
    expect(await h.leaderboards.entryOf('survivor', dan)).toMatchObject({
      isEliminated: true,
      strikeCount: 3,
      eliminatedInPeriod: 3,
    });
    await expectConsistent(h);

    // An admin gives Dan picks in completed period 1 (a re-fold) and the late pick goes.
    await h.retro(dan, 1, ['W1', 'W2', 'W3']);
    await h.withdraw(late);
    await h.complete(5);
    await expectConsistent(h);
    expect(await h.leaderboards.entryOf('survivor', dan)).toMatchObject({
      strikeCount: 3,
      eliminatedInPeriod: 5,
    });

    await h.reopen(1);
    await h.complete(6);
    await expectConsistent(h);
  });

  it('in loss mode with sudden death: a rollover, broken by a late entrant and restored when they leave', async () => {
    await open({ ...defaultRules, survivor: { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 } });
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.addUser(cat, 'Cat', null, 'cat@x.io');
    await h.schedule(1);
    await h.schedule(2);
    await h.play(ann, 1, 'WL');
    await h.play(bob, 1, 'DL');
    await h.scoreKinds(1);
    await h.complete(1);
    await h.sync();
    // Both would be out: nobody is.
    expect(survivorView((await h.boards()).survivor)).toEqual([
      ['Ann', 1, 3, 0, null],
      ['Bob', 2, 1, 0, null],
    ]);
    await expectConsistent(h);

    // Cat joins in period 2: no picks in period 1 means no losing pick, so period 1 no longer
    // eliminates everyone still active.
    const catPick = await h.pick(cat, 2, 'W1');
    await h.sync();
    expect(survivorView((await h.boards()).survivor)).toEqual([
      ['Cat', 1, 0, 0, null],
      ['Ann', 2, 3, 1, 1],
      ['Bob', 3, 1, 1, 1],
    ]);
    await expectConsistent(h);

    await h.withdraw(catPick);
    await h.sync();
    expect(survivorView((await h.boards()).survivor)).toEqual([
      ['Ann', 1, 3, 0, null],
      ['Bob', 2, 1, 0, null],
    ]);
    await expectConsistent(h);
  });

  it('keeps a result for a completed period pending until the period is reopened', async () => {
    await open();
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.schedule(1);
    await h.play(ann, 1, 'W');
    await h.complete(1);
    await h.hold(1, 'W1', 'win');
    await h.sync();
    const results = new ResultQueries(h.database);
    expect(await pendingResults(h)).toEqual([['1-W1', 'win', 'provider']]);
    expect(await results.forPeriod(1)).toEqual([]);
    expect(await h.leaderboards.entryOf('survivor', ann)).toMatchObject({ totalPoints: 0, strikeCount: 1 });

    await h.reopen(1);
    await h.result(1, 'W1', 'win', 'provider');
    await h.sync();
    expect(await pendingResults(h)).toEqual([]);
    expect((await results.forPeriod(1)).map((r) => [r.optionId, r.outcome, r.points])).toEqual([
      ['1-W1', 'win', 3],
    ]);
    expect(await h.leaderboards.entryOf('overall', ann)).toMatchObject({ totalPoints: 3 });
    expect(await h.leaderboards.entryOf('survivor', ann)).toMatchObject({ totalPoints: 0, strikeCount: 0 });

    await h.complete(1);
    await h.sync();
    expect(await h.leaderboards.entryOf('survivor', ann)).toMatchObject({ totalPoints: 3, strikeCount: 1 });
    await expectConsistent(h);
  });

  it.each([
    ['strikes below 5, out at the second', { mode: 'strikes', strikeBelow: 5, strikesToEliminate: 2 }, 6, 7],
    ['a losing pick, sudden death', { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 }, 2, 11],
  ] as const)(
    'agrees with the reference rules through random picks, results, completions and reopenings (%s)',
    async (_name, survivor, playerCount, seed) => {
      await open({ ...defaultRules, survivor: { ...survivor } });
      let state: number = seed;
      const random = (n: number) => {
        // mulberry32: a small deterministic generator, so a failure replays.
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) % n;
      };
      const players = [ann, bob, cat, dan, uid(5), uid(6)].slice(0, playerCount);
      for (const [index, id] of players.entries()) await h.addUser(id, `P${index}`, null, `p${index}@x.io`);
      for (let period = 1; period <= 6; period++) await h.schedule(period);
      const teams = ['W1', 'W2', 'D1', 'D2', 'L1', 'L2'];
      const picks: { id: string; user: string; period: number; team: string }[] = [];
      const completed = new Set<number>();
      for (let step = 0; step < 70; step++) {
        const period = 1 + random(6);
        const roll = random(10);
        if (roll < 4) {
          const user = players[random(players.length)]!;
          const team = teams[random(teams.length)]!;
          const mine = picks.filter((p) => p.user === user && p.period === period);
          if (mine.length < 3 && !mine.some((p) => p.team === team))
            picks.push({ id: await h.pick(user, period, team), user, period, team });
        } else if (roll === 4 && picks.length > 0) {
          const [gone] = picks.splice(random(picks.length), 1);
          await h.withdraw(gone!.id);
        } else if (roll < 8) {
          await h.result(
            period,
            teams[random(teams.length)]!,
            (['win', 'draw', 'loss'] as const)[random(3)]!,
          );
        } else if (completed.has(period)) {
          completed.delete(period);
          await h.reopen(period);
        } else {
          completed.add(period);
          await h.complete(period);
        }
        await h.sync();
        const reference = h.reference();
        const boards = await h.boards();
        expect({ step, survivor: boards.survivor }).toEqual({ step, survivor: reference.survivor });
        expect({ step, overall: boards.overall }).toEqual({ step, overall: reference.overall });
      }
      await expectConsistent(h);
    },
    180_000,
  );

  it('announces only the query keys an event changed', async () => {
    await open();
    await h.addUser(ann, 'Ann', null, 'ann@x.io');
    await h.schedule(1);
    await h.schedule(29);
    const stats = ['["performance"]', '["user","stats"]'];

    // A first pick makes an entrant: Overall and Survivor rows appear.
    // A period's options carry its picks and results (the Picks page): they follow both.
    expect(await h.keysFor(() => h.pick(ann, 1, 'W1'))).toEqual(
      [
        '["choices",1]',
        '["options",1]',
        '["leaderboards","overall"]',
        '["leaderboards","survivor"]',
        ...stats,
      ].sort(),
    );
    // Another pick without a result changes no leaderboard.
    expect(await h.keysFor(() => h.pick(ann, 1, 'W2'))).toEqual(
      ['["choices",1]', '["options",1]', ...stats].sort(),
    );
    // A first pick in a Last 10 period adds a Last 10 row.
    expect(await h.keysFor(() => h.pick(ann, 29, 'W1'))).toEqual(
      ['["choices",29]', '["options",29]', '["leaderboards","last10"]', ...stats].sort(),
    );
    // A result nobody picked changes the results (and the period's options) only.
    expect(await h.keysFor(() => h.result(1, 'L1', 'loss'))).toEqual(
      ['["results"]', '["results",1]', '["options",1]'].sort(),
    );
    // A result on a pick: every board, as a result locks its option and may show the pick (and
    // its player's row) to others before kickoff, even as a loss.
    const boards = ['overall', 'survivor', 'last10'].map((kind) => `["leaderboards","${kind}"]`);
    expect(await h.keysFor(() => h.result(1, 'W1', 'win'))).toEqual(
      ['["results"]', '["results",1]', '["options",1]', ...boards, ...stats].sort(),
    );
    expect(await h.keysFor(() => h.result(29, 'W1', 'loss'))).toEqual(
      ['["results"]', '["results",29]', '["options",29]', ...boards, ...stats].sort(),
    );
    expect(await h.keysFor(() => h.complete(1))).toEqual(['["leaderboards","survivor"]', ...stats].sort());
    // The same event again changes nothing.
    expect(await h.keysFor(() => h.complete(1))).toEqual([]);

    // Bob's only pick has not locked: others do not see him. An admin's picks in the ended period
    // show him (their options have locked) without a point: every board may list him now, and
    // clearing them hides him again.
    await h.addUser(bob, 'Bob', null, 'bob@x.io');
    await h.pick(bob, 29, 'L1');
    expect(await h.keysFor(() => h.retro(bob, 1, ['D1', 'D2', 'D3']))).toEqual(
      expect.arrayContaining(boards),
    );
    expect(await h.keysFor(() => h.clear(bob, 1))).toEqual(expect.arrayContaining(boards));
  });
});
