import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type {
  HealthReport,
  Option,
  Period,
  PeriodTimeline,
  Result,
  SeasonCatalogueView,
  SeasonImportResult,
} from '@treble/contracts';
import { loadReplaySource } from '../../src/live-results/provider/replay.provider.js';
import { replayMatches } from '../../src/live-results/domain/replay.js';
import { londonLocalToUtc } from '../../src/season/domain/london-time.js';
import { parseFootballTxt } from '../../src/season/domain/season-file.js';
import { MATCH_DURATION_MS } from '../../src/season/domain/season-schedule.js';
import { registerAdmin, registerPlayer, startTestApp, type SignedIn, type TestApp } from '../support/app.js';
import { databaseTargets } from '../support/databases.js';
import { readCaptured, startFakeFootballData, type FakeFootballData } from '../support/fake-football-data.js';

const openfootball = (file: string) =>
  fs.readFileSync(new URL(`../fixtures/openfootball/${file}`, import.meta.url), 'utf8');

describe.each(databaseTargets)('seasons on $name', (target) => {
  describe('a fresh pool on 26 November 2026', () => {
    let app: TestApp;
    let admin: SignedIn;
    let player: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(target, { POOL_NOW: '2026-11-26T10:00:00Z' });
      admin = await registerAdmin(app);
      player = await registerPlayer(app, admin);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('offers the bundled seasons, 2026-27 by default', async () => {
      const view = (await admin.request('GET', '/api/admin/seasons')).body as SeasonCatalogueView;
      expect(view.current).toBeNull();
      expect(view.providerAvailable).toBe(false);
      expect(view.seasons.map((s) => [s.season, s.source, s.isDefault])).toEqual([
        ['2024-25', 'bundled', false],
        ['2025-26', 'bundled', false],
        ['2026-27', 'bundled', true],
      ]);
      expect(view.seasons[2]).toMatchObject({
        matchweeks: 38,
        results: 40,
        startDate: '2026-08-21T19:00:00.000Z',
      });
      expect((await player.request('GET', '/api/admin/seasons')).status).toBe(403);
    });

    it('imports 2026-27 in one step: periods, team options and the results already played', async () => {
      const response = await admin.request('POST', '/api/admin/setup/season', {});
      expect(response.status).toBe(200);
      expect(response.body as SeasonImportResult).toMatchObject({
        season: '2026-27',
        source: 'bundled',
        created: 38,
        optionsAdded: 760,
        resultsRecorded: 80,
        periodsCompleted: [],
      });
      // The message counts matches, as the season list does (each result is recorded for both teams).
      expect((response.body as SeasonImportResult).message).toContain(
        'Recorded the results of 40 matches already played.',
      );
      expect((await admin.request('GET', '/api/admin/seasons')).body).toMatchObject({ current: '2026-27' });
      const results = (await admin.request('GET', '/api/results/period/4')).body as Result[];
      expect(results).toHaveLength(20);
      expect((await admin.request('GET', '/api/results/period/5')).body).toEqual([]);
      const teams = (await admin.request('GET', '/api/epl-teams')).body as {
        code: string;
        promoted: boolean;
      }[];
      expect(
        teams
          .filter((t) => t.promoted)
          .map((t) => t.code)
          .sort(),
      ).toEqual(['COV', 'HUL', 'IPS']);
    });

    it('has matchweeks 1-11 ended and matchweek 12 current and open, so a player can pick for it right away', async () => {
      const timeline = (await player.request('GET', '/api/periods/timeline')).body as PeriodTimeline;
      expect(timeline.currentPeriodId).toBe(12);
      const byId = new Map(timeline.periods.map((p) => [p.id, p]));
      for (let id = 1; id <= 11; id++)
        expect(byId.get(id)).toMatchObject({ status: 'ended', openForPicks: false });
      expect(byId.get(12)).toMatchObject({ status: 'upcoming', openForPicks: true, isCurrent: true });
      expect(Date.parse(byId.get(12)!.startDate)).toBeGreaterThanOrEqual(Date.parse('2026-11-28T00:00:00Z'));
      expect(byId.get(38)).toMatchObject({ status: 'upcoming', openForPicks: true, isCurrent: false });
      expect(((await player.request('GET', '/api/periods/current')).body as Period).id).toBe(12);

      const options = (await player.request('GET', '/api/periods/12/options')).body as Option[];
      expect(options).toHaveLength(20);
      expect(options.every((o) => !o.isLocked)).toBe(true);
      expect(
        (await player.request('POST', '/api/choices', { periodId: 12, optionId: '12-LIV' })).status,
      ).toBe(201);
      const ended = await player.request('POST', '/api/choices', { periodId: 11, optionId: '11-LIV' });
      expect(ended.status).toBe(409);
    });

    it('changes nothing when imported again, and refuses another season in this pool', async () => {
      const again = await admin.request('POST', '/api/admin/setup/season', { season: '2026-27' });
      expect(again.body).toMatchObject({ created: 0, unchanged: 38, optionsAdded: 0, resultsRecorded: 0 });
      const legacy = await admin.request('POST', '/api/admin/setup/periods', {});
      expect(legacy.body).toMatchObject({ created: 0 });
      const other = await admin.request('POST', '/api/admin/setup/season', { season: '2025-26' });
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ code: 'SEASON_ALREADY_CHOSEN' });
      for (const bad of [
        { season: '2031-32' },
        { season: 'next' },
        { season: '2026-27', source: 'somewhere' },
        { season: '2026-27', results: 'yes' },
        { season: 7 },
      ]) {
        const refused = await admin.request('POST', '/api/admin/setup/season', bad);
        expect([400, 404]).toContain(refused.status);
      }
    });

    it('refuses a result before kickoff unless forced; the option is then locked for new picks', async () => {
      const early = await admin.request('POST', '/api/results', { optionId: '12-ARS', outcome: 'win' });
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: 'RESULT_BEFORE_KICKOFF', optionId: '12-ARS' });
      expect(
        (await player.request('POST', '/api/choices', { periodId: 12, optionId: '12-ARS' })).status,
      ).toBe(201);
      const forced = await admin.request('POST', '/api/results', {
        optionId: '12-CHE',
        outcome: 'win',
        force: true,
      });
      expect(forced.status).toBe(201);
      const refused = await player.request('POST', '/api/choices', { periodId: 12, optionId: '12-CHE' });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'OPTION_LOCKED' });
      const che = ((await player.request('GET', '/api/periods/12/options')).body as Option[]).find(
        (o) => o.id === '12-CHE',
      );
      expect(che).toMatchObject({ isLocked: true, result: { outcome: 'win' } });
    });

    it('refuses to complete a matchweek that has not started or misses results, listing them, unless forced', async () => {
      const refused = await admin.request('POST', '/api/periods/12/complete', {});
      expect(refused.status).toBe(409);
      const body = refused.body as {
        code: string;
        notStarted: boolean;
        optionsWithoutResult: { id: string; name: string }[];
      };
      expect(body.code).toBe('PERIOD_NOT_READY');
      expect(body.notStarted).toBe(true);
      expect(body.optionsWithoutResult).toHaveLength(19);
      expect(body.optionsWithoutResult.map((o) => o.id)).not.toContain('12-CHE');
      const forced = await admin.request('POST', '/api/periods/12/complete', { force: true });
      expect(forced.status).toBe(200);
      expect(forced.body).toMatchObject({ isCompleted: true, isManuallyCompleted: true });
      // With 12 completed, the current period moves on to the next deadline.
      expect(
        ((await player.request('GET', '/api/periods/timeline')).body as PeriodTimeline).currentPeriodId,
      ).toBe(13);
    });
  });

  describe('a pool that never completed its old matchweeks, around a postponed match', () => {
    let app: TestApp;
    let admin: SignedIn;
    let player: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(target, { POOL_NOW: '2025-08-01T12:00:00Z' });
      admin = await registerAdmin(app);
      player = await registerPlayer(app, admin);
      // openfootball's 2025-26 as of 2026-03-13 (its en.1.json, uploaded as a file): MCI v CRY of MW31 postponed.
      const snapshot = JSON.parse(openfootball('2025-26-en.1-2026-03-13.json')) as unknown;
      const imported = await admin.request('POST', '/api/admin/setup/season-file', { content: snapshot });
      expect(imported.body).toMatchObject({
        season: '2025-26',
        source: 'file',
        created: 38,
        resultsRecorded: 0,
      });
    });
    afterAll(async () => {
      await app?.close();
    });

    // Sessions last a while in pool time: sign in again after each jump of the clock.
    const jump = async (iso: string) => {
      app.clock!.set(new Date(iso));
      expect(
        (
          await player.request('POST', '/api/auth/login', {
            email: player.user.email,
            password: player.password,
          })
        ).status,
      ).toBe(200);
    };

    it('takes the period with the soonest deadline as current, never a stale one, and skips a postponed match', async () => {
      // Nothing was ever completed: every period is still active.
      await jump('2026-02-19T12:00:00Z');
      let timeline = (await player.request('GET', '/api/periods/timeline')).body as PeriodTimeline;
      expect(timeline.periods.filter((p) => p.id < 27).every((p) => p.status === 'ended')).toBe(true);
      expect(timeline.currentPeriodId).toBe(27);
      // Matchweek 31: Wolves v Arsenal was played early (18 February); its other matches are still open.
      const mw31 = timeline.periods.find((p) => p.id === 31)!;
      expect(mw31).toMatchObject({ status: 'open', openForPicks: true });
      expect(
        (await player.request('POST', '/api/choices', { periodId: 31, optionId: '31-LIV' })).status,
      ).toBe(201);
      expect(
        (await player.request('POST', '/api/choices', { periodId: 31, optionId: '31-ARS' })).body,
      ).toMatchObject({ code: 'OPTION_LOCKED' });

      // The day before that early match, its matchweek holds the soonest deadline.
      await jump('2026-02-17T12:00:00Z');
      timeline = (await player.request('GET', '/api/periods/timeline')).body as PeriodTimeline;
      expect(timeline.currentPeriodId).toBe(31);
      expect(
        (await player.request('POST', '/api/choices', { periodId: 31, optionId: '31-WOL' })).status,
      ).toBe(201);

      // Manchester City v Crystal Palace (MW31) is postponed: no deadline, so MW31 is never current again.
      await jump('2026-03-23T12:00:00Z');
      timeline = (await player.request('GET', '/api/periods/timeline')).body as PeriodTimeline;
      expect(timeline.periods.find((p) => p.id === 31)).toMatchObject({
        status: 'ended',
        openForPicks: false,
      });
      expect(timeline.currentPeriodId).toBe(32);
      const mci = ((await player.request('GET', '/api/periods/31/options')).body as Option[]).find(
        (o) => o.id === '31-MCI',
      );
      expect(mci?.fixture?.status).toBe('POSTPONED');
    });
  });

  describe('importing a season file', () => {
    let app: TestApp;
    let admin: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(target, { POOL_NOW: '2024-12-01T12:00:00Z' });
      admin = await registerAdmin(app);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('refuses unknown fields, arrays and ill-formed values on every season route, importing nothing', async () => {
      const head = async () =>
        ((await app.request('GET', '/api/health')).body as HealthReport).eventStore.headPosition;
      const before = await head();
      const tooManyNames = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`Club ${i}`, 'ABC']));
      // [route, body (text is sent as it is), a word the message names]
      const refusals: [string, unknown, string][] = [
        ['setup/season', { a: 1 }, 'property a should not exist'],
        ['setup/season', '[]', 'not an array'],
        ['setup/season', '[{"season":"1899-00"}]', 'not an array'],
        ['setup/season', '{"__proto__":{"season":"2024-25"}}', '__proto__'],
        ['setup/season', { season: '1899-00' }, 'season must be a season like 2026-27'],
        ['setup/season', { season: '2025-27' }, 'season'],
        ['setup/season', { season: '2025/26' }, 'season'],
        ['setup/season', { season: '' }, 'season'],
        ['setup/season', { season: 2025 }, 'season'],
        ['setup/season', { source: 'ftp' }, 'source must be bundled or football-data'],
        ['setup/season', { results: 'yes' }, 'results must be true or false'],
        ['seasons/next', { a: 1 }, 'property a should not exist'],
        ['seasons/next', '[]', 'not an array'],
        ['seasons/next', { force: 'yes' }, 'force must be true or false'],
        ['seasons/next', { season: '2100-01' }, 'season'],
        ['setup/season-file', {}, 'content'],
        ['setup/season-file', { content: '' }, 'content'],
        ['setup/season-file', { content: 'x'.repeat(100_001) }, 'content'],
        ['setup/season-file', { content: [] }, 'content'],
        ['setup/season-file', { content: 5 }, 'content'],
        ['setup/season-file', { content: { matches: Array.from({ length: 1_001 }, () => ({})) } }, 'content'],
        ['setup/season-file', { content: 'x', teamMap: { Spurs: 'not a code!' } }, 'teamMap'],
        ['setup/season-file', { content: 'x', teamMap: ['TOT'] }, 'teamMap'],
        ['setup/season-file', { content: 'x', teamMap: { Spurs: 5 } }, 'teamMap'],
        ['setup/season-file', { content: 'x', teamMap: tooManyNames }, 'teamMap'],
        ['setup/season-file', { content: 'x', season: '1899-00' }, 'season'],
        ['setup/season-file', { content: 'x', extra: 1 }, 'property extra should not exist'],
      ];
      for (const [route, body, word] of refusals) {
        const response = await admin.request('POST', `/api/admin/${route}`, body);
        expect({ route, sent: body, status: response.status, answer: response.body }).toEqual({
          route,
          sent: body,
          status: 400,
          answer: expect.objectContaining({
            code: 'VALIDATION_FAILED',
            message: expect.stringContaining(word),
          }),
        });
      }
      expect((await admin.request('GET', '/api/periods')).body).toEqual([]);
      expect(await head()).toBe(before);
    });

    it('refuses a broken file naming the line, and a file with unknown teams listing them', async () => {
      const lines = openfootball('2024-25-1-premierleague.txt').split('\n');
      const at = lines.findIndex((line) => line.includes('Manchester United FC    v Fulham FC'));
      lines[at] = lines[at]!.replace('20.00', '29.00');
      const broken = await admin.request('POST', '/api/admin/setup/season-file', {
        content: lines.join('\n'),
      });
      expect(broken.status).toBe(422);
      expect(broken.body).toMatchObject({
        code: 'SEASON_DATA_INVALID',
        errors: [`line ${at + 1}: "29.00" is not a time`],
      });

      const short = openfootball('2024-25-1-premierleague.txt').replace(
        /^.*Arsenal FC\s+v Wolverhampton.*$/m,
        '',
      );
      const incomplete = await admin.request('POST', '/api/admin/setup/season-file', { content: short });
      expect(incomplete.status).toBe(422);
      expect(incomplete.body).toMatchObject({
        code: 'SEASON_DATA_INVALID',
        errors: ['Matchday 1 has 9 matches; each has 10.'],
      });

      const renamed = openfootball('2024-25-1-premierleague.txt').replaceAll('Tottenham Hotspur FC', 'Spurs');
      const unknown = await admin.request('POST', '/api/admin/setup/season-file', { content: renamed });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toMatchObject({ code: 'SEASON_TEAMS_UNMATCHED', unmatched: ['Spurs'] });
      expect((unknown.body as { knownTeams: { code: string }[] }).knownTeams.map((t) => t.code)).toContain(
        'TOT',
      );
      expect(
        (
          await admin.request('POST', '/api/admin/setup/season-file', {
            content: renamed,
            teamMap: { Spurs: 'not a code!' },
          })
        ).status,
      ).toBe(400);
      expect((await admin.request('POST', '/api/admin/setup/season-file', {})).status).toBe(400);
      expect((await admin.request('GET', '/api/periods')).body).toEqual([]);
    });

    it("imports a Football.TXT file with the admin's team mapping, with the results played by now", async () => {
      const renamed = openfootball('2024-25-1-premierleague.txt').replaceAll('Tottenham Hotspur FC', 'Spurs');
      const response = await admin.request('POST', '/api/admin/setup/season-file', {
        content: renamed,
        teamMap: { Spurs: 'TOT' },
      });
      expect(response.status).toBe(200);
      const body = response.body as SeasonImportResult;
      expect(body).toMatchObject({ season: '2024-25', source: 'file', created: 38, optionsAdded: 760 });
      // Every match of the file played by 1 December 2024 gives its two teams a result.
      const played = parseFootballTxt(renamed).matches.filter(
        (m) =>
          m.score !== null &&
          m.time !== null &&
          londonLocalToUtc(m.date, m.time).getTime() + MATCH_DURATION_MS <=
            Date.parse('2024-12-01T12:00:00Z'),
      );
      expect(played.length).toBeGreaterThan(120);
      expect(body.resultsRecorded).toBe(played.length * 2);
      const tottenham = ((await admin.request('GET', '/api/periods/1/options')).body as Option[]).find(
        (o) => o.teamKey === 'TOT',
      );
      // Leicester City 1-1 Tottenham Hotspur, 19 August 2024.
      expect(tottenham).toMatchObject({
        name: 'Tottenham Hotspur FC',
        result: { outcome: 'draw', points: 1 },
      });
      const again = await admin.request('POST', '/api/admin/setup/season-file', {
        content: renamed,
        teamMap: { Spurs: 'TOT' },
      });
      expect(again.body).toMatchObject({ created: 0, optionsAdded: 0, resultsRecorded: 0 });
    });
  });

  describe('a season from football-data.org (local stand-in)', () => {
    let app: TestApp;
    let admin: SignedIn;
    let fake: FakeFootballData;

    beforeAll(async () => {
      fake = await startFakeFootballData();
      app = await startTestApp(target, {
        POOL_NOW: '2025-09-01T12:00:00Z',
        FOOTBALL_DATA_API_KEY: 'test-key',
        FOOTBALL_DATA_URL: fake.url,
        RESULTS_SCHEDULER_AUTOSTART: 'false',
        FOOTBALL_DATA_REQUESTS_PER_MINUTE: '600',
      });
      admin = await registerAdmin(app);
    });
    afterAll(async () => {
      await app?.close();
      await fake?.close();
    });

    it('offers football-data.org seasons and refuses an incomplete answer (the captured 109 scheduled matches)', async () => {
      const view = (await admin.request('GET', '/api/admin/seasons')).body as SeasonCatalogueView;
      expect(view.providerAvailable).toBe(true);
      expect(view.seasons.find((s) => s.isDefault)).toMatchObject({
        season: '2025-26',
        source: 'football-data',
      });
      fake.matches = readCaptured('pl-season2025-status-SCHEDULED-captured-2026-02-23.json').matches;
      const refused = await admin.request('POST', '/api/admin/setup/season', {
        season: '2025-26',
        source: 'football-data',
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ code: 'SEASON_DATA_INVALID' });
      expect(fake.requests.at(-1)).toMatchObject({ path: '/v4/competitions/PL/matches', token: 'test-key' });
      expect(fake.requests.at(-1)!.query.get('season')).toBe('2025');
    });

    it("imports the provider's whole season with its finished matches", async () => {
      // The whole 2025-26 season in the v4 shape as football-data.org reports it on 1 September 2025,
      // its matchday 28 replaced by the captured real answer.
      const source = loadReplaySource('2025-26');
      const captured = readCaptured('example-pl-2025-26-matchday-28.json').matches;
      const built = replayMatches(source.fixtures, source.teams, new Date('2025-09-01T12:00:00Z')) as Record<
        string,
        unknown
      >[];
      fake.matches = [...built.filter((m) => m.matchday !== 28), ...captured];
      const response = await admin.request('POST', '/api/admin/setup/season', {
        season: '2025-26',
        source: 'football-data',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        season: '2025-26',
        source: 'football-data',
        created: 38,
        optionsAdded: 760,
        resultsRecorded: 60,
      });
      const mw28 = (await admin.request('GET', '/api/periods/28/options')).body as Option[];
      expect(mw28.find((o) => o.teamKey === 'WOL')?.fixture).toMatchObject({
        opponentCode: 'AVL',
        kickoff: '2026-02-27T20:00:00.000Z',
      });
      // Matchweeks 1-3 had ended: results recorded; the pool plays the provider's season from now on.
      expect((await admin.request('GET', '/api/admin/seasons')).body).toMatchObject({ current: '2025-26' });
    });
  });
});
