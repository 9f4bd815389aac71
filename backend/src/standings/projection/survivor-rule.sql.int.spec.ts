import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import type { PeriodScore } from '../domain/period-scores.js';
import { isStrike, strikeEliminates } from '../domain/survivor.js';
import { SurvivorRuleSql } from './survivor-rule.sql.js';

const rulesOf = (survivor: Partial<PoolRules['survivor']>): PoolRules => ({
  ...defaultRules,
  survivor: { ...defaultRules.survivor, ...survivor },
});

/** Every kind of survivor rule the configuration allows (strikeBelow 1..10, strikes 1..38). */
const ruleCases: PoolRules[] = [
  rulesOf({ mode: 'strikes', strikeBelow: 1, strikesToEliminate: 1 }),
  rulesOf({ mode: 'strikes', strikeBelow: 4, strikesToEliminate: 3 }),
  rulesOf({ mode: 'strikes', strikeBelow: 10, strikesToEliminate: 2 }),
  rulesOf({ mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 }),
  rulesOf({ mode: 'loss', strikeBelow: 4, strikesToEliminate: 3 }),
];

/** Score rows of period 1 (player `none` has none: no picks); points around every threshold above. */
const rows: PeriodScore[] = [
  { points: 0, wins: 0, picks: 2, hasLosingPick: true },
  { points: 0, wins: 0, picks: 1, hasLosingPick: false },
  { points: 1, wins: 0, picks: 2, hasLosingPick: true },
  { points: 3, wins: 1, picks: 2, hasLosingPick: true },
  { points: 3, wins: 1, picks: 1, hasLosingPick: false },
  { points: 4, wins: 1, picks: 2, hasLosingPick: false },
  { points: 6, wins: 2, picks: 2, hasLosingPick: false },
  { points: 9, wins: 3, picks: 3, hasLosingPick: true },
  { points: 10, wins: 3, picks: 4, hasLosingPick: false },
].map((row, i) => ({ userId: `p${i}`, periodId: 1, ...row }));

describe.each(databaseTargets)('the survivor rule in SQL on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
    await handle.database.query(
      `CREATE TABLE rule_scores (user_id text, period_id integer, points integer NOT NULL, wins integer NOT NULL,
                                 picks integer NOT NULL, losses integer NOT NULL, PRIMARY KEY (user_id, period_id))`,
    );
    for (const row of rows) {
      await handle.database.query(
        'INSERT INTO rule_scores (user_id, period_id, points, wins, picks, losses) VALUES ($1, $2, $3, $4, $5, $6)',
        [row.userId, row.periodId, row.points, row.wins, row.picks, row.hasLosingPick ? 1 : 0],
      );
    }
  });
  afterAll(async () => handle?.dispose());

  it.each(ruleCases.map((rules) => [rules.survivor, rules] as const))(
    'strikes exactly as the domain reference: %j',
    async (_survivor, rules) => {
      const rule = new SurvivorRuleSql(rules, 'rule_scores');
      const players = [...rows.map((row) => row.userId), 'none'];
      const { rows: answers } = await handle.database.query<{
        user_id: string;
        strikes: boolean;
        unlike_missing: boolean | null;
      }>(
        `SELECT p.user_id, ${rule.strikes('p.user_id', '1')} AS strikes,
                (SELECT ${rule.rowUnlikeMissing('s')} FROM rule_scores s WHERE s.user_id = p.user_id) AS unlike_missing
           FROM unnest($1::text[]) AS p(user_id) ORDER BY p.user_id`,
        [players],
      );
      const scoreOf = (userId: string) => rows.find((row) => row.userId === userId);
      const missing = isStrike(undefined, rules);
      expect(rule.missingRowStrikes).toBe(missing);
      expect(answers).toEqual(
        [...players].sort().map((userId) => ({
          user_id: userId,
          strikes: isStrike(scoreOf(userId), rules),
          unlike_missing: userId === 'none' ? null : isStrike(scoreOf(userId), rules) !== missing,
        })),
      );
    },
  );

  it('eliminates at the strike the domain reference does', async () => {
    for (const rules of ruleCases) {
      const rule = new SurvivorRuleSql(rules, 'rule_scores');
      const counts = [0, 1, 2, 3, 4];
      const { rows: answers } = await handle.database.query<{ eliminates: boolean }>(
        `SELECT ${rule.strikeEliminates('c.strike_count')} AS eliminates
           FROM unnest($1::integer[]) WITH ORDINALITY AS c(strike_count, i) ORDER BY c.i`,
        [counts],
      );
      expect(answers.map((row) => row.eliminates)).toEqual(
        counts.map((count) => strikeEliminates(count, rules)),
      );
    }
  });
});
