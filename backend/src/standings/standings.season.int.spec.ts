import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { databaseTargets } from '../../test/support/databases.js';
import { StandingsHarness, uid } from '../../test/support/standings-harness.js';
import type { Outcome } from '../results/domain/outcome.js';
import { UserStatsQueries } from './queries/user-stats.queries.js';

/**
 * The real 2025-26 season replayed for six scripted players: every finished match's result, every
 * matchweek completed once all its fixtures have a score. The leaderboards must equal what the
 * reference rules (standings/domain) compute from the same picks and results.
 */
interface Match {
  round: string;
  team1: string;
  team2: string;
  status?: string;
  score?: { ft?: [number, number] };
}

const folder = new URL('../../data/seasons/2025-26/', import.meta.url);
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(file, folder), 'utf8')) as T;
// The season as openfootball had it on 2026-03-13 (with its postponed match of matchweek 31).
const matches = (
  JSON.parse(
    fs.readFileSync(
      new URL('../../test/fixtures/openfootball/2025-26-en.1-2026-03-13.json', import.meta.url),
      'utf8',
    ),
  ) as {
    matches: Match[];
  }
).matches;
const teams = read<{ teams: { name: string; tla: string; openfootballName?: string }[] }>(
  'teams.football-data.json',
).teams;
const codeOf = new Map(teams.map((team) => [team.openfootballName ?? team.name, team.tla]));
const codes = teams.map((team) => team.tla).sort();

interface Fixture {
  fixtureId: string;
  home: string;
  away: string;
  score: [number, number] | null;
  postponed: boolean;
}

const matchweeks = new Map<number, Fixture[]>();
for (const match of matches) {
  const matchweek = Number(/^Matchday (\d+)$/.exec(match.round)![1]);
  const home = codeOf.get(match.team1)!;
  const away = codeOf.get(match.team2)!;
  const fixtures = matchweeks.get(matchweek) ?? [];
  fixtures.push({
    fixtureId: `2025-26-${home}-${away}`,
    home,
    away,
    score: match.score?.ft ?? null,
    postponed: match.status === 'postponed',
  });
  matchweeks.set(matchweek, fixtures);
}

const outcomeOf = (own: number, other: number): Outcome =>
  own > other ? 'win' : own < other ? 'loss' : 'draw';

const players = [
  { id: uid(101), first: 'Alice', last: 'Archer' },
  { id: uid(102), first: 'Ben', last: 'Brook' },
  { id: uid(103), first: 'Chloe', last: 'Chan' }, // skips every fourth matchweek
  { id: uid(104), first: 'Dev', last: 'Dutt' }, // picks a team, withdraws it, then picks
  { id: uid(105), first: 'Ema', last: 'Eze' },
  { id: uid(106), first: null, last: null }, // no account; joins in matchweek 29
];

/** Player k's teams in a matchweek: the k-th, (k+5)-th and (k+10)-th code alphabetically, moved on each week. */
const teamsFor = (k: number, matchweek: number): string[] =>
  k === 5
    ? [0, 7, 14].map((i) => codes[(5 + matchweek + i) % 20]!)
    : [0, 5, 10].map((i) => codes[(k + matchweek + i) % 20]!);

describe.each(databaseTargets)('the 2025-26 season replayed on $name', (target) => {
  let h: StandingsHarness;

  beforeAll(async () => {
    h = await StandingsHarness.open(target, defaultRules);
    for (const player of players.slice(0, 5)) {
      await h.addUser(player.id, player.first, player.last, `${player.first!.toLowerCase()}@example.com`);
    }
    for (let matchweek = 1; matchweek <= 38; matchweek++) await h.schedule(matchweek);

    for (let matchweek = 1; matchweek <= 38; matchweek++) {
      const fixtures = matchweeks.get(matchweek)!;
      for (const [k, player] of players.entries()) {
        if (k === 2 && matchweek % 4 === 0) continue;
        if (k === 5 && matchweek < 29) continue;
        if (k === 3) await h.withdraw(await h.pick(player.id, matchweek, codes[(k + 15 + matchweek) % 20]!));
        for (const team of teamsFor(k, matchweek)) {
          const choiceId = await h.pick(player.id, matchweek, team);
          const fixture = fixtures.find((f) => f.home === team || f.away === team)!;
          // A postponed match before its deadline: the picks on it are voided.
          if (fixture.postponed) await h.voidPick(choiceId);
        }
      }
      for (const fixture of fixtures) {
        if (fixture.score === null) continue;
        const [home, away] = fixture.score;
        await h.result(matchweek, fixture.home, outcomeOf(home, away), 'provider');
        await h.result(matchweek, fixture.away, outcomeOf(away, home), 'provider');
      }
      if (fixtures.every((fixture) => fixture.score !== null)) await h.complete(matchweek);
    }
    await h.sync();
  }, 600_000);

  afterAll(async () => h?.close());

  it('scores hand-checked matchweeks as the real results say', async () => {
    const score = async (player: number, matchweek: number) =>
      (
        await h.database.query(
          'SELECT points, wins, picks FROM period_scores WHERE user_id = $1 AND period_id = $2',
          [players[player]!.id, matchweek],
        )
      ).rows[0];
    // MW1: Alice has AVL (0-0 v NEW), CHE (0-0 v CRY), LIV (4-2 v BOU); Ben has BHA (1-1), CRY (0-0), MCI (4-0 at WOL).
    expect(await score(0, 1)).toEqual({ points: 5, wins: 1, picks: 3 });
    expect(await score(1, 1)).toEqual({ points: 5, wins: 1, picks: 3 });
    // MW2: Alice has BHA (0-2 at EVE), CRY (1-1 v NOT), MCI (0-2 v TOT); Ben has BOU (1-0 v WOL), EVE (2-0 v BHA), MUN (1-1 at FUL).
    expect(await score(0, 2)).toEqual({ points: 1, wins: 0, picks: 3 });
    expect(await score(1, 2)).toEqual({ points: 7, wins: 2, picks: 3 });
    // MW31: Ben's MCI pick was voided (MCI v CRY postponed): still a pick, 0 points.
    const { rows } = await h.database.query(
      "SELECT status FROM choices WHERE user_id = $1 AND option_id = '31-MCI'",
      [players[1]!.id],
    );
    expect(rows).toEqual([{ status: 'voided' }]);
    // Chloe skipped matchweek 4: no score row there.
    expect(await score(2, 4)).toBeUndefined();
  });

  it('completes the matchweeks whose fixtures all finished, not 31 with its postponed match', async () => {
    const { rows } = await h.database.query<{ period_id: number }>(
      'SELECT period_id FROM standings_periods WHERE is_completed ORDER BY period_id',
    );
    const expected = [...matchweeks.entries()]
      .filter(([, fixtures]) => fixtures.every((fixture) => fixture.score !== null))
      .map(([matchweek]) => matchweek)
      .sort((a, b) => a - b);
    expect(rows.map((row) => row.period_id)).toEqual(expected);
    expect(expected).not.toContain(31);
    expect(expected).toContain(34);
  });

  it('serves the three leaderboards the reference rules compute', async () => {
    const reference = h.reference();
    const boards = await h.boards();
    expect(boards.overall).toEqual(reference.overall);
    expect(boards.last10).toEqual(reference.last10);
    expect(boards.survivor).toEqual(reference.survivor);
    expect(boards.overall).toHaveLength(6);
    // The late joiner is in Last 10 and Overall, and was out of Survivor before joining.
    expect(boards.last10.map((row) => row.displayName)).toContain('Unknown User');
    expect(boards.survivor.find((row) => row.userId === players[5]!.id)).toMatchObject({
      isEliminated: true,
      eliminatedInPeriod: 3,
    });
    // Overall points are live: matchweek 31's nine results count though it is not completed.
    const week31 = reference.scores
      .filter((score) => score.periodId === 31)
      .reduce((sum, score) => sum + score.points, 0);
    expect(week31).toBeGreaterThan(0);

    const stats = await new UserStatsQueries(h.database, defaultRules).forUser(players[0]!.id);
    const alice = reference.scores.filter((score) => score.userId === players[0]!.id);
    // Stats list the periods with a scored pick; a period still waiting for every result counts 0 so far.
    const listed = new Set(stats.scores.map((score) => score.periodId));
    expect(
      stats.scores.map((score) => ({ periodId: score.periodId, totalPoints: score.totalPoints })),
    ).toEqual(
      alice
        .filter((score) => listed.has(score.periodId))
        .map((score) => ({ periodId: score.periodId, totalPoints: score.points })),
    );
    expect(alice.filter((score) => !listed.has(score.periodId)).every((score) => score.points === 0)).toBe(
      true,
    );
    expect(listed.size).toBeGreaterThan(25);
    expect(stats.totalPoints).toBe(alice.reduce((sum, score) => sum + score.points, 0));
    expect(stats.overallRank).toBe(reference.overall.find((row) => row.userId === players[0]!.id)!.rank);
  });

  it('re-folds Survivor when matchweek 31 is completed late, and rebuilds to the same tables', async () => {
    await h.complete(31);
    await h.sync();
    const reference = h.reference();
    const boards = await h.boards();
    expect(boards.survivor).toEqual(reference.survivor);
    expect(boards.overall).toEqual(reference.overall);
    const live = await h.snapshot();
    expect(await h.rebuild()).toEqual(live);
  });
});
