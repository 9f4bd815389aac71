import { afterEach, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import { databaseTargets, type TestDatabaseTarget } from '../../../test/support/databases.js';
import { StandingsHarness, uid } from '../../../test/support/standings-harness.js';
import { PoolHistory, standingsImpact } from './pool-history.js';

/**
 * The fold behind standings-as-of and the what-if previews, checked against the standings
 * harness: after every step of a random game its standings from the event log must equal the
 * reference rules on the same facts, and the live leaderboards.
 */
describe.each(databaseTargets)('pool history fold on $name', (target: TestDatabaseTarget) => {
  let h: StandingsHarness | undefined;
  afterEach(async () => {
    await h?.close();
    h = undefined;
  });

  const fold = async (harness: StandingsHarness) =>
    PoolHistory.empty().applyAll(await harness.store.readAll({ after: 0n, maxCount: 1_000_000 }));

  it.each([
    ['default rules', defaultRules, 3],
    [
      'sudden death on a losing pick',
      { ...defaultRules, survivor: { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 } },
      17,
    ],
  ] as const)(
    'equals the reference rules and the live leaderboards through a random game (%s)',
    async (_name, rules, seed) => {
      const harness = (h = await StandingsHarness.open(target, rules));
      let state: number = seed;
      const random = (n: number) => {
        // mulberry32, so a failure replays.
        state = (state + 0x6d2b79f5) | 0;
        let t = Math.imul(state ^ (state >>> 15), 1 | state);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) % n;
      };
      const players = [uid(1), uid(2), uid(3), uid(4), uid(5)];
      for (const [index, id] of players.entries())
        await harness.addUser(id, `P${index}`, index === 2 ? null : 'Tester', `p${index}@x.io`);
      // Periods 28-31 straddle the main / last10 boundary.
      const periodIds = [28, 29, 30, 31];
      for (const period of periodIds) await harness.schedule(period);
      const teams = ['W1', 'W2', 'D1', 'L1', 'L2'];
      const picks: { id: string; user: string; period: number; team: string }[] = [];
      const completed = new Set<number>();
      for (let step = 0; step < 60; step++) {
        const period = periodIds[random(periodIds.length)]!;
        const roll = random(14);
        if (roll < 5) {
          const user = players[random(players.length)]!;
          const team = teams[random(teams.length)]!;
          const mine = picks.filter((p) => p.user === user && p.period === period);
          if (mine.length < 3 && !mine.some((p) => p.team === team))
            picks.push({ id: await harness.pick(user, period, team), user, period, team });
        } else if (roll === 5 && picks.length > 0) {
          const [gone] = picks.splice(random(picks.length), 1);
          await harness.withdraw(gone!.id);
        } else if (roll === 6 && picks.length > 0) {
          await harness.voidPick(picks[random(picks.length)]!.id);
        } else if (roll === 7) {
          const user = players[random(players.length)]!;
          await harness.clear(user, period);
          for (let i = picks.length - 1; i >= 0; i--)
            if (picks[i]!.user === user && picks[i]!.period === period) picks.splice(i, 1);
        } else if (roll < 11) {
          await harness.result(
            period,
            teams[random(teams.length)]!,
            (['win', 'draw', 'loss'] as const)[random(3)]!,
          );
        } else if (roll === 11) {
          await harness.deleteResult(period, teams[random(teams.length)]!);
        } else if (completed.has(period)) {
          completed.delete(period);
          await harness.reopen(period);
        } else {
          completed.add(period);
          await harness.complete(period);
        }
        // The log shows an event to readers once no transaction that could commit before it is open
        // (the projection engine's own, on a real Postgres): wait for that, as the app's reads do.
        await harness.sync();
        const reference = harness.reference();
        const history = (await fold(harness)).standings(harness.users, rules);
        expect({ step, overall: history.overall }).toEqual({ step, overall: reference.overall });
        expect({ step, last10: history.last10 }).toEqual({ step, last10: reference.last10 });
        expect({ step, survivor: history.survivor }).toEqual({ step, survivor: reference.survivor });
      }
      await harness.sync();
      const boards = await harness.boards();
      const history = (await fold(harness)).standings(harness.users, rules);
      expect(history.overall).toEqual(boards.overall);
      expect(history.survivor).toEqual(boards.survivor);
      expect(history.last10).toEqual(boards.last10);
    },
    180_000,
  );

  it('a clone is independent, and the impact names exactly the players who move', async () => {
    const harness = (h = await StandingsHarness.open(target));
    const [ann, bob] = [uid(1), uid(2)];
    await harness.addUser(ann, 'Ann', 'Able', 'ann@x.io');
    await harness.addUser(bob, 'Bob', 'Baker', 'bob@x.io');
    await harness.schedule(1);
    await harness.picksOf(ann, 1, ['ARS']);
    await harness.picksOf(bob, 1, ['CHE']);
    await harness.result(1, 'ARS', 'win');
    await harness.sync();
    const history = await fold(harness);
    const before = history.standings(harness.users, defaultRules);
    const after = history.clone().applyAll([
      {
        type: 'ResultRecorded',
        data: { periodId: 1, optionId: '1-CHE', outcome: 'win', points: 3, source: 'admin' },
      },
      {
        type: 'PeriodCompleted',
        data: { periodId: 1, manual: true, completedAt: '2025-08-20T00:00:00.000Z' },
      },
    ]);
    // The original is untouched.
    expect(history.standings(harness.users, defaultRules)).toEqual(before);
    expect(standingsImpact(before, after.standings(harness.users, defaultRules))).toEqual([
      {
        userId: ann,
        displayName: 'Ann Able',
        overall: null,
        last10: null,
        survivor: {
          before: {
            rank: 1,
            points: 0,
            wins: 0,
            isEliminated: false,
            strikeCount: 0,
            eliminatedInPeriod: null,
          },
          after: {
            rank: 1,
            points: 3,
            wins: 1,
            isEliminated: false,
            strikeCount: 1,
            eliminatedInPeriod: null,
          },
        },
      },
      {
        userId: bob,
        displayName: 'Bob Baker',
        overall: { before: { rank: 2, points: 0, wins: 0 }, after: { rank: 1, points: 3, wins: 1 } },
        last10: null,
        survivor: {
          before: {
            rank: 1,
            points: 0,
            wins: 0,
            isEliminated: false,
            strikeCount: 0,
            eliminatedInPeriod: null,
          },
          after: {
            rank: 1,
            points: 3,
            wins: 1,
            isEliminated: false,
            strikeCount: 1,
            eliminatedInPeriod: null,
          },
        },
      },
    ]);
  });
});
