import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LeaderboardEntry, LiveBoard } from '@treble/contracts';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ResultsScheduler } from '../../src/live-results/results-scheduler.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import {
  expectRefused,
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  type RestartableTestApp,
  type SignedIn,
  type TestApp,
} from '../support/app.js';
import { databaseTargets, serverTarget } from '../support/databases.js';

/*
 * The live table (docs/rules.md "Live table") with the season replay of 2025-26, matchweek 1: on
 * Saturday 16 August at 15:50 BST the three-o'clock matches are at half time (Spurs 1-0 Burnley,
 * Brighton 0-0 Fulham, Sunderland 0-0 West Ham), Wolves v Man City has not kicked off, and Friday's
 * Liverpool 4-2 Bournemouth is a recorded result (a postponed match, faked, adds nothing either).
 *
 * Ada picks Spurs (leading), Brighton (level) and Wolves (not started): officially 0, provisionally
 * 3 + 1 + 0 = 4. Pia picks Liverpool (won), Burnley (trailing) and Man City (not started):
 * officially 3, provisionally 3. So Ada leads the live table and Pia the official one; Pia's
 * matchweek would be a strike (3 points or less), Ada's not.
 */
const halfTime = new Date('2025-08-16T14:50:00Z');
const fullTime = new Date('2025-08-16T16:10:00Z');

const names = (board: LiveBoard) =>
  board.rows.map(({ displayName, rank, officialRank, totalPoints, officialPoints, livePoints }) => ({
    displayName,
    rank,
    officialRank,
    totalPoints,
    officialPoints,
    livePoints,
  }));

describe.each(databaseTargets)('the live table on $name', (target) => {
  let database: RestartableTestApp;
  let app: TestApp;
  let ada: SignedIn;
  let pia: SignedIn;
  let otto: SignedIn;

  const live = async (kind: string, client: Pick<SignedIn, 'request'> = pia) => {
    const response = await client.request('GET', `/api/leaderboards/live/${kind}`);
    expect(response.status).toBe(200);
    return response.body as LiveBoard;
  };
  /** One poll, and the read models caught up with what it recorded. */
  const poll = async () => {
    await app.app.get(ResultsScheduler).runOnce();
    await app.app.get(ProjectionEngine).waitFor(await app.app.get<EventStore>(EVENT_STORE).headPosition());
  };

  beforeAll(async () => {
    database = await restartableTestApp(target, {
      RESULTS_PROVIDER: 'replay',
      POOL_NOW: '2025-08-15T18:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    app = await database.start();
    ada = await registerAdmin(app, { firstName: 'Ada', lastName: 'Admin' });
    pia = await registerPlayer(app, ada, { firstName: 'Pia', lastName: 'Player' });
    otto = await registerPlayer(app, ada, { firstName: 'Otto', lastName: 'Other' });
    expect((await ada.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
    expect((await ada.request('POST', '/api/periods/1/epl-options', {})).status).toBe(200);
    for (const [player, teams] of [
      [ada, ['TOT', 'BHA', 'WOL']],
      [pia, ['LIV', 'BUR', 'MCI']],
    ] as const) {
      for (const team of teams) {
        const pick = await player.request('POST', '/api/choices', { periodId: 1, optionId: `1-${team}` });
        expect([team, pick.status]).toEqual([team, 201]);
      }
    }
    expect((await ada.request('POST', '/api/epl-results/scheduler/start')).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('is not live before a match is played, and says so', async () => {
    await poll();
    expect(await live('overall')).toMatchObject({ live: false, matches: [], rows: [], stale: false });
  });

  it('shows at half time the table as it would stand if the scores held, beside the official one', async () => {
    app.clock!.set(halfTime);
    await poll();
    const overall = await live('overall');
    expect(overall).toMatchObject({ kind: 'overall', live: true, periodId: 1, stale: false, total: 2 });
    expect(overall.asOf).toBe(halfTime.toISOString());
    expect(overall.matches.map((m) => [m.homeTeam, m.homeScore, m.awayScore, m.awayTeam, m.state])).toEqual(
      expect.arrayContaining([
        ['Tottenham Hotspur FC', 1, 0, 'Burnley FC', 'half-time'],
        ['Brighton & Hove Albion FC', 0, 0, 'Fulham FC', 'half-time'],
      ]),
    );
    // Not started: not listed and adds nothing; Liverpool's result is recorded: official, not live.
    expect(overall.matches.some((m) => /Wolverhampton|Liverpool/.test(m.homeTeam))).toBe(false);
    expect(names(overall)).toEqual([
      {
        displayName: 'Ada Admin',
        rank: 1,
        officialRank: 2,
        totalPoints: 4,
        officialPoints: 0,
        livePoints: 4,
      },
      {
        displayName: 'Pia Player',
        rank: 2,
        officialRank: 1,
        totalPoints: 3,
        officialPoints: 3,
        livePoints: 0,
      },
    ]);
    // The official board is untouched by anything provisional.
    const official = (await pia.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(official.map((row) => [row.displayName, row.totalPoints])).toEqual([
      ['Pia Player', 3],
      ['Ada Admin', 0],
    ]);

    const survivor = await live('survivor');
    expect(
      survivor.rows.map(({ displayName, totalPoints, wouldStrike, wouldBeEliminated, strikeCount }) => ({
        displayName,
        totalPoints,
        wouldStrike,
        wouldBeEliminated,
        strikeCount,
      })),
    ).toEqual([
      {
        displayName: 'Ada Admin',
        totalPoints: 4,
        wouldStrike: false,
        wouldBeEliminated: false,
        strikeCount: 0,
      },
      {
        displayName: 'Pia Player',
        totalPoints: 3,
        wouldStrike: true,
        wouldBeEliminated: false,
        strikeCount: 0,
      },
    ]);
    // Matchweek 1 is not one of the Last 10: live, with nobody on it.
    expect(await live('last10')).toMatchObject({ live: true, rows: [], total: 0 });

    // A match the provider reports postponed adds nothing, whatever score it carries.
    const database = app.app.get(Database);
    await database.query(
      `INSERT INTO live_scores (season, fixture_id, status, home_score, away_score, changed_at, seen_at)
       VALUES ('2025-26', '2025-26-WOL-MCI', 'POSTPONED', 2, 0, $1, $1)`,
      [halfTime],
    );
    const postponed = await live('overall');
    expect(names(postponed)).toEqual(names(overall));
    expect(postponed.matches.some((m) => m.homeTeam.startsWith('Wolverhampton'))).toBe(false);
    await database.query(`DELETE FROM live_scores WHERE fixture_id = '2025-26-WOL-MCI'`);
  });

  it('shows an admin and a player the same numbers, and a page of it', async () => {
    expect(names(await live('overall', ada))).toEqual(names(await live('overall', pia)));
    const page = (await pia.request('GET', '/api/leaderboards/live/overall?limit=1&offset=1'))
      .body as LiveBoard;
    expect(page).toMatchObject({ total: 2, rows: [{ displayName: 'Pia Player', rank: 2 }] });
    // Otto has no pick: no row, as on the official board.
    expect((await live('overall', otto)).rows.some((row) => row.displayName.startsWith('Otto'))).toBe(false);
  });

  it('refuses an unknown board and a bad page with a clear 400, and strangers with 401', async () => {
    await expectRefused(app, pia, ['GET', '/api/leaderboards/live/weekly'], 400, 'VALIDATION_FAILED');
    await expectRefused(
      app,
      pia,
      ['GET', '/api/leaderboards/live/overall?limit=0'],
      400,
      'VALIDATION_FAILED',
    );
    expect((await app.request('GET', '/api/leaderboards/live/overall')).status).toBe(401);
  });

  it('keeps the scores it saw across a restart and a failing provider, saying how old, and catches up at the next poll', async () => {
    const before = names(await live('overall'));
    const restart = async (env: Record<string, string>) => {
      await app.close();
      app = await database.start(env);
      const client = app.client();
      const login = { email: pia.user.email, password: pia.password };
      expect((await client.request('POST', '/api/auth/login', login)).status).toBe(200);
      return client;
    };
    // A process whose provider fails shows the scores the last good poll saw, as old as they are.
    let again = await restart({
      RESULTS_PROVIDER: 'football-data',
      FOOTBALL_DATA_API_KEY: 'test-key',
      FOOTBALL_DATA_URL: 'http://127.0.0.1:9/v4',
      POOL_NOW: '2025-08-16T14:55:00Z',
    });
    await poll();
    expect(await live('overall', again)).toMatchObject({
      live: true,
      stale: true,
      asOf: halfTime.toISOString(),
    });
    expect(names(await live('overall', again))).toEqual(before);
    // One that polls sees them again at its next poll.
    const later = new Date(halfTime.getTime() + 60_000);
    again = await restart({ POOL_NOW: later.toISOString() });
    await poll();
    expect(await live('overall', again)).toMatchObject({
      live: true,
      stale: false,
      asOf: later.toISOString(),
    });
    expect(names(await live('overall', again))).toEqual(before);
    pia = { ...pia, request: again.request.bind(again) };
  });

  it('hands over to the official table at full time, with the recorded results', async () => {
    app.clock!.set(fullTime);
    await poll();
    expect(await live('overall')).toMatchObject({ live: false, rows: [] });
    const official = (await pia.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(official.map((row) => [row.displayName, row.totalPoints])).toEqual([
      ['Ada Admin', 4],
      ['Pia Player', 3],
    ]);
  });
});

// Several instances share a Postgres server: where TEST_POSTGRES_URL names one (CI sets it).
const describeOnServer = serverTarget ? describe : describe.skip;

describeOnServer('the live table on two instances of one Postgres server', () => {
  it('is the same on the instance that polls and on the one that does not', async () => {
    const database = await restartableTestApp(serverTarget!, {
      RESULTS_PROVIDER: 'replay',
      POOL_NOW: '2025-08-15T18:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    const first = await database.start();
    const second = await database.start();
    try {
      const ada = await registerAdmin(first, { firstName: 'Ada' });
      expect((await ada.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
      expect((await ada.request('POST', '/api/periods/1/epl-options', {})).status).toBe(200);
      expect((await ada.request('POST', '/api/choices', { periodId: 1, optionId: '1-TOT' })).status).toBe(
        201,
      );
      expect((await ada.request('POST', '/api/epl-results/scheduler/start')).status).toBe(200);
      // The switch's own first poll finishes before the clock moves on.
      await first.app.get(ResultsScheduler).runOnce();
      first.clock!.set(halfTime);
      second.clock!.set(halfTime);
      await first.app.get(ResultsScheduler).runOnce();
      const read = async (app: TestApp) => {
        const client = app.client();
        await client.request('POST', '/api/auth/login', { email: ada.user.email, password: ada.password });
        return (await client.request('GET', '/api/leaderboards/live/overall')).body as LiveBoard;
      };
      const [one, two] = [await read(first), await read(second)];
      expect(one).toMatchObject({
        live: true,
        rows: [{ displayName: 'Ada', totalPoints: 3, livePoints: 3 }],
      });
      expect(two).toEqual(one);
    } finally {
      await first.close();
      await second.close();
      await database.dispose();
    }
  });
});
