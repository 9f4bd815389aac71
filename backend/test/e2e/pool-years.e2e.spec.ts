import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  HallOfFameSeason,
  LeaderboardEntry,
  NextSeasonResult,
  Option,
  Payout,
  Period,
  PoolSeasonsView,
  SeasonCatalogueView,
  SurvivorEntry,
  UserStats,
} from '@treble/contracts';
import {
  EVENT_STORE,
  WrongExpectedVersionError,
  type EventStore,
} from '../../src/event-store/event-store.port.js';
import { Database } from '../../src/platform/database/database.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import { poolSeasonsStreamId } from '../../src/season/domain/pool-seasons.js';
import {
  cookieClient,
  registerAdmin,
  registerPlayer,
  restartableTestApp,
  startTestApp,
  type RestartableTestApp,
  type SignedIn,
  type TestApp,
  type TestClient,
} from '../support/app.js';
import { databaseTargets, serverTarget } from '../support/databases.js';
import { within } from '../support/waiting.js';

/**
 * Pool years: one pool plays 2025-26 to its end, then starts 2026-27. The old season's standings
 * and payouts stay as they were (read with ?season=), the new season starts with no picks, no
 * usage and no strikes, and a rebuild of every projection from the log equals the live tables.
 */
describe.each(databaseTargets)('pool years on $name', (target) => {
  let app: TestApp;
  let admin: SignedIn;
  let ada: SignedIn;
  let bob: SignedIn;
  let finalOverall: LeaderboardEntry[];
  let finalSurvivor: SurvivorEntry[];
  let finalPayouts: Payout[];

  const pick = (player: SignedIn, periodId: number, team: string) =>
    player.request('POST', '/api/choices', { periodId, optionId: `${periodId}-${team}` });

  beforeAll(async () => {
    // Before the first kickoff of 2025-26 (15 August 2025).
    app = await startTestApp(target, { POOL_NOW: '2025-08-10T10:00:00Z' });
    admin = await registerAdmin(app);
    ada = await registerPlayer(app, admin, { firstName: 'Ada', lastName: 'Lovelace' });
    bob = await registerPlayer(app, admin, { firstName: 'Bob', lastName: 'Moore' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('plays 2025-26 for two matchweeks', async () => {
    const imported = await admin.request('POST', '/api/admin/setup/season', { season: '2025-26' });
    expect(imported.status).toBe(200);
    // Arsenal, Liverpool and Chelsea for Ada; Bob picks three others, in matchweeks 1 and 2.
    for (const [player, teams] of [
      [ada, ['ARS', 'LIV', 'CHE']],
      [bob, ['MCI', 'TOT', 'NEW']],
    ] as const) {
      for (const periodId of [1, 2])
        for (const team of teams) expect((await pick(player, periodId, team)).status).toBe(201);
    }
    // Two matchweeks played (the results of their matches arrive and complete them).
    app.clock!.set(new Date('2025-08-27T10:00:00Z'));
    // Two weeks have outlived the sessions: everyone signs in again.
    for (const person of [admin, ada, bob]) {
      const signedIn = await person.request('POST', '/api/auth/login', {
        email: person.user.email,
        password: person.password,
      });
      expect(signedIn.status).toBe(200);
    }
    const results = await admin.request('POST', '/api/admin/setup/season', { season: '2025-26' });
    expect(results.status).toBe(200);
    expect((results.body as { resultsRecorded: number }).resultsRecorded).toBe(40);
    const view = (await admin.request('GET', '/api/admin/seasons')).body as SeasonCatalogueView;
    expect(view).toMatchObject({
      current: '2025-26',
      past: [],
      next: { season: '2026-27', available: true },
    });
    expect(view.next!.unfinishedPeriods).toEqual(Array.from({ length: 36 }, (_, i) => i + 3));
    expect(view.next!.seasonOver).toBe(false);
    // The pool's prizes (the default set) stay with it from season to season.
    const prizes = (await admin.request('GET', '/api/prizes')).body as unknown[];
    expect(prizes.length).toBeGreaterThan(0);

    finalOverall = (await admin.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    finalSurvivor = (await admin.request('GET', '/api/leaderboards/survivor')).body as SurvivorEntry[];
    finalPayouts = (await admin.request('GET', '/api/prizes/payouts')).body as Payout[];
    expect(finalOverall.map((row) => row.displayName).sort()).toEqual(['Ada Lovelace', 'Bob Moore']);
    expect(finalOverall[0]!.totalPoints).toBeGreaterThan(0);
    expect(
      finalPayouts.find((payout) => payout.competition === 'overall' && payout.rank === 1),
    ).toMatchObject({ displayName: 'Ada Lovelace' });
  });

  it('refuses to start a season that does not follow, and answers bad input with 4xx', async () => {
    for (const [body, code] of [
      [{}, 'SEASON_NOT_FINISHED'],
      [{ season: '2025-26' }, 'SEASON_NOT_NEXT'],
      [{ season: '2024-25' }, 'SEASON_NOT_NEXT'],
      [{ season: 'next' }, 'VALIDATION_FAILED'],
      [{ force: 'yes' }, 'VALIDATION_FAILED'],
    ] as const) {
      const refused = await admin.request('POST', '/api/admin/seasons/next', body);
      expect(refused.body).toMatchObject({ code });
    }
    expect((await ada.request('POST', '/api/admin/seasons/next', {})).status).toBe(403);
    expect(((await admin.request('GET', '/api/seasons')).body as PoolSeasonsView).seasons).toHaveLength(1);
  });

  it('starts 2026-27 in the same pool when the admin confirms: accounts and prizes stay, picks and standings start fresh', async () => {
    const prizesBefore = (await admin.request('GET', '/api/prizes')).body;
    const started = await admin.request('POST', '/api/admin/seasons/next', { force: true });
    expect(started.status).toBe(200);
    expect(started.body as NextSeasonResult).toMatchObject({
      season: '2026-27',
      previous: '2025-26',
      imported: { created: 38, optionsAdded: 760 },
    });
    expect((await ada.request('GET', '/api/seasons')).body).toEqual({
      current: '2026-27',
      seasons: [
        { season: '2026-27', isCurrent: true },
        { season: '2025-26', isCurrent: false },
      ],
    });
    expect((await admin.request('GET', '/api/leaderboards/overall')).body).toEqual([]);
    expect((await admin.request('GET', '/api/prizes')).body).toEqual(prizesBefore);
    const periods = (await ada.request('GET', '/api/periods')).body as Period[];
    expect(periods).toHaveLength(38);
    expect(periods[0]!.startDate.startsWith('2026-08')).toBe(true);
    // No usage carried over: Ada can pick Arsenal again, and nothing of hers is in the new matchweek 1.
    const options = (await ada.request('GET', '/api/periods/1/options')).body as Option[];
    expect(options.filter((option) => option.choiceId !== null)).toEqual([]);
    expect(options.find((option) => option.id === '1-ARS')).toMatchObject({ usageCount: 0 });
    expect((await pick(ada, 1, 'ARS')).status).toBe(201);
    expect(
      (await admin.request('POST', '/api/results', { optionId: '1-ARS', outcome: 'win', force: true }))
        .status,
    ).toBe(201);
    const overall = (await admin.request('GET', '/api/leaderboards/overall')).body as LeaderboardEntry[];
    expect(overall.map((row) => [row.displayName, row.totalPoints])).toEqual([['Ada Lovelace', 3]]);
    // Nobody has a strike in the new season.
    const survivor = (await admin.request('GET', '/api/leaderboards/survivor')).body as SurvivorEntry[];
    expect(survivor.map((row) => [row.displayName, row.strikeCount, row.isEliminated])).toEqual([
      ['Ada Lovelace', 0, false],
    ]);
  });

  it('keeps the past season readable and unchanged with ?season=', async () => {
    expect((await admin.request('GET', '/api/leaderboards/overall?season=2025-26')).body).toEqual(
      finalOverall,
    );
    expect((await admin.request('GET', '/api/leaderboards/survivor?season=2025-26')).body).toEqual(
      finalSurvivor,
    );
    expect((await admin.request('GET', '/api/prizes/payouts?season=2025-26')).body).toEqual(finalPayouts);
    const stats = (await ada.request('GET', '/api/user/stats?season=2025-26')).body as UserStats;
    expect(stats.scores.map((score) => score.periodId)).toEqual([1, 2]);
    expect(stats.totalPoints).toBe(
      finalOverall.find((row) => row.displayName === 'Ada Lovelace')!.totalPoints,
    );
    const now = (await ada.request('GET', '/api/user/stats')).body as UserStats;
    expect(now.scores.map((score) => [score.periodId, score.totalPoints])).toEqual([[1, 3]]);
    const pastPeriods = (await ada.request('GET', '/api/periods?season=2025-26')).body as Period[];
    expect(pastPeriods).toHaveLength(38);
    expect(pastPeriods[0]!.startDate.startsWith('2025-08')).toBe(true);
    expect(pastPeriods.filter((period) => period.isCompleted).map((period) => period.id)).toEqual([1, 2]);
    for (const [path, status, code] of [
      ['/api/leaderboards/overall?season=2019-20', 404, 'SEASON_NOT_PLAYED'],
      ['/api/leaderboards/overall?season=last', 400, 'VALIDATION_FAILED'],
      ['/api/user/stats?season=1999-00', 404, 'SEASON_NOT_PLAYED'],
    ] as const) {
      const refused = await ada.request('GET', path);
      expect(refused.status).toBe(status);
      expect(refused.body).toMatchObject({ code });
    }
  });

  it('lists the past winners in the Hall of Fame', async () => {
    const fame = (await ada.request('GET', '/api/prizes/hall-of-fame')).body as HallOfFameSeason[];
    expect(fame).toHaveLength(1);
    expect(fame[0]!.season).toBe('2025-26');
    expect(fame[0]!.players).toBe(2);
    const overall = fame[0]!.competitions.find((c) => c.competition === 'overall')!;
    expect(overall.winners).toEqual([
      expect.objectContaining({
        displayName: finalOverall[0]!.displayName,
        points: finalOverall[0]!.totalPoints,
        payout: 1000,
        currency: 'USD',
      }),
    ]);
  });

  it('rebuilds every season from the log to the same tables', async () => {
    const engine = app.app.get(ProjectionEngine);
    for (const projection of engine.projections) {
      const report = await engine.verify(projection.name);
      expect({ projection: projection.name, differences: report.differences }).toEqual({
        projection: projection.name,
        differences: [],
      });
    }
  });
});

/**
 * Two admins start the next season at the same moment. The `pool-seasons` stream decides, with
 * its expected version: one season starts, once, and the other admin learns that it already has. On
 * a Postgres server each admin goes through an app instance of their own, and each instance's append
 * is held until both have decided, so both decide on the same version and race to append (within one
 * process the commands on a stream take turns); the embedded database has one process, where the two
 * requests take turns.
 */
describe.each(databaseTargets)('two admins starting the next season at once on $name', (target) => {
  let pool: RestartableTestApp;
  const apps: TestApp[] = [];
  let admin: SignedIn;
  let deputy: TestClient;

  beforeAll(async () => {
    pool = await restartableTestApp(target, {
      POOL_NOW: '2025-08-10T10:00:00Z',
      RESULTS_SCHEDULER_AUTOSTART: 'false',
    });
    apps.push(await pool.start());
    if (target === serverTarget) apps.push(await pool.start());
    admin = await registerAdmin(apps[0]!);
    const dee = await registerPlayer(apps[0]!, admin, { firstName: 'Dee', lastName: 'Puty' });
    const promoted = await admin.request('PATCH', `/api/admin/users/${dee.user.id}/admin`, { isAdmin: true });
    expect(promoted.status).toBe(200);
    deputy = cookieClient(apps.at(-1)!.baseUrl);
    const signedIn = await deputy.request('POST', '/api/auth/login', {
      email: dee.user.email,
      password: dee.password,
    });
    expect(signedIn.status).toBe(200);
    expect((await admin.request('POST', '/api/admin/setup/season', { season: '2025-26' })).status).toBe(200);
    // Something of 2025-26 to archive beyond its schedule: a pick.
    expect((await deputy.request('POST', '/api/choices', { periodId: 1, optionId: '1-ARS' })).status).toBe(
      201,
    );
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await pool?.dispose();
  });

  /**
   * Holds each instance's first append to `pool-seasons` until every instance has made its own: all
   * have then decided on the same version, so all appends but one must fail for it (and those
   * commands decide again, on the new state). With one instance nothing is held. Counts the appends
   * the store refused for their expected version.
   */
  function holdFirstAppends(): { conflicts: () => number } {
    let conflicts = 0;
    let arrived = 0;
    let release = () => {};
    const allArrived = new Promise<void>((resolve) => (release = resolve));
    for (const app of apps) {
      const store = app.app.get<EventStore>(EVENT_STORE);
      const append = store.append.bind(store);
      let held = false;
      store.append = async (streamId, events, expected) => {
        if (streamId === poolSeasonsStreamId && !held) {
          held = true;
          if (++arrived === apps.length) release();
          await within("every instance's append to pool-seasons", allArrived);
        }
        try {
          return await append(streamId, events, expected);
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) conflicts++;
          throw error;
        }
      };
    }
    return { conflicts: () => conflicts };
  }

  /** Rows of each seasonal read table: the live ones, or those kept for a past season. */
  async function seasonalRows(season: string | null): Promise<Record<string, number>> {
    const database = apps[0]!.app.get(Database);
    const counts: Record<string, number> = {};
    for (const projection of apps[0]!.app.get(ProjectionEngine).projections) {
      for (const table of projection.tables.filter((t) => t.seasons)) {
        const { rows } = await database.query<{ n: number }>(
          season === null
            ? `SELECT count(*)::int AS n FROM "${table.name}"`
            : `SELECT count(*)::int AS n FROM "${table.name}_seasons" WHERE archive_season = $1`,
          season === null ? [] : [season],
        );
        counts[table.name] = rows[0]!.n;
      }
    }
    return counts;
  }

  it('starts 2026-27 once: one SeasonStarted, a 409 SEASON_NOT_NEXT for the other admin, the tables archived once', async () => {
    const before = await seasonalRows(null);
    expect(before).toMatchObject({ choices: 1, periods: 38 });
    expect(Object.values(await seasonalRows('2025-26')).every((n) => n === 0)).toBe(true);

    const race = holdFirstAppends();
    const body = { season: '2026-27', force: true };
    const answers = await Promise.all(
      [admin, deputy].map((client) => client.request('POST', '/api/admin/seasons/next', body)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 200)!.body as NextSeasonResult).toMatchObject({
      season: '2026-27',
      previous: '2025-26',
      imported: { created: 38 },
    });
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      statusCode: 409,
      code: 'SEASON_NOT_NEXT',
    });

    // On a server the expected version turned the second instance's append down.
    expect(race.conflicts()).toBe(apps.length - 1);

    const recorded = await apps[0]!.app.get<EventStore>(EVENT_STORE).readStream(poolSeasonsStreamId);
    expect(recorded.map((event) => [event.type, (event.data as { season: string }).season])).toEqual([
      ['SeasonStarted', '2025-26'],
      ['SeasonStarted', '2026-27'],
    ]);
    // Every seasonal table kept its 2025-26 rows exactly once, and nothing under 2026-27's name.
    expect(await seasonalRows('2025-26')).toEqual(before);
    expect(Object.values(await seasonalRows('2026-27')).every((n) => n === 0)).toBe(true);
    for (const client of [admin, deputy]) {
      expect((await client.request('GET', '/api/seasons')).body).toEqual({
        current: '2026-27',
        seasons: [
          { season: '2026-27', isCurrent: true },
          { season: '2025-26', isCurrent: false },
        ],
      });
      expect((await client.request('GET', '/api/periods')).body as Period[]).toHaveLength(38);
      expect((await client.request('GET', '/api/periods?season=2025-26')).body as Period[]).toHaveLength(38);
    }
    const engine = apps[0]!.app.get(ProjectionEngine);
    for (const projection of engine.projections) {
      expect((await engine.verify(projection.name)).differences).toEqual([]);
    }
  });
});
