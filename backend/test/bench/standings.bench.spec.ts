import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import type { Projection, ProjectionContext } from '../../src/projections/projection.js';
import { standingsProjection } from '../../src/standings/projection/standings.projection.js';
import { LeaderboardQueries } from '../../src/standings/queries/leaderboard.queries.js';
import { generatedTotals, installBenchTables } from './standings-tables.js';
import { databaseTargets, type TestDatabaseHandle } from '../support/databases.js';

/**
 * The standings projection at pool scale (`npm run bench`; STANDINGS_BENCH_PLAYERS, default 20,000;
 * the scale target (docs/scaling.md) is 100,000 on real Postgres). Thirty completed periods of scores are seeded
 * with set-based SQL, then single events are timed as the projector applies them. It prints times
 * and asserts only correctness.
 */
const players = Number(process.env.STANDINGS_BENCH_PLAYERS ?? 20_000);
const pastPeriods = 30;
const current = pastPeriods + 1;

let sequence = 0;
function event(type: string, data: unknown, streamId = 'bench'): RecordedEvent {
  sequence += 1;
  return {
    id: `bench-${sequence}`,
    streamId,
    version: sequence,
    position: BigInt(sequence),
    type,
    data,
    metadata: {
      actor: 'bench',
      correlationId: 'bench',
      causationId: null,
      occurredAt: new Date(0).toISOString(),
      source: 'system',
    },
    recordedAt: new Date(0),
  };
}

describe.each(databaseTargets)(`standings projection with ${players} players on $name`, (target) => {
  let handle: TestDatabaseHandle;
  const projection: Projection = standingsProjection(defaultRules);
  const table = (name: string) => `"${name}__bench"`;

  async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
    const started = process.hrtime.bigint();
    await work();
    console.log(`${label}: ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(0)} ms`);
  }

  const apply = (recorded: RecordedEvent) =>
    handle.database.transaction(async (sql) => {
      // STANDINGS_BENCH_TRACE=1 prints every statement slower than 200 ms.
      const traced = {
        async query<Row>(text: string, params?: readonly unknown[]) {
          const started = process.hrtime.bigint();
          const result = await sql.query<Row>(text, params);
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          if (process.env.STANDINGS_BENCH_TRACE && ms > 200)
            console.log(`SLOW ${ms.toFixed(0)} ms: ${text.replace(/\s+/g, ' ').slice(0, 160)}`);
          return result;
        },
      };
      const context: ProjectionContext = { sql: traced, table };
      await projection.apply(recorded, context);
    });

  beforeAll(async () => {
    handle = await target.create();
    const db = handle.database;
    await installBenchTables(db, projection, table);
    await timed('seed', async () => {
      const user = `lpad(to_hex(g), 12, '0')`;
      await db.query(
        `INSERT INTO users (id, email, first_name)
         SELECT ('00000000-0000-4000-8000-' || ${user})::uuid, 'p' || g || '@x.io', 'Player ' || g FROM generate_series(1, $1) g`,
        [players],
      );
      await db.query(
        `INSERT INTO ${table('standings_periods')} (period_id, name, segment, is_completed)
         SELECT p, 'Matchweek ' || p, CASE WHEN p >= 29 THEN 'last10' ELSE 'main' END, p <= $1 FROM generate_series(1, 38) p`,
        [pastPeriods],
      );
      await db.query(
        `INSERT INTO ${table('completed_scores')} (user_id, period_id, points, wins, picks, losses)
         SELECT '00000000-0000-4000-8000-' || ${user}, p, score, score / 3, 3, (score % 3 = 0)::integer
           FROM (SELECT g, p, abs(hashtext(g || '-' || p)) % 10 AS score
                   FROM generate_series(1, $1) g, generate_series(1, $2) p) seeded`,
        [players, pastPeriods],
      );
      // This matchweek's picks: every other player has T0, so one result moves half the pool. The
      // last completed one's picks too (no results: 0 points), which its reopening and completion read.
      for (const period of [current, pastPeriods])
        await db.query(
          `INSERT INTO ${table('choices')} (choice_id, user_id, period_id, option_id, team_key, team_name, made_at)
           SELECT 'c-' || $2::integer || '-' || g || '-' || k, '00000000-0000-4000-8000-' || ${user}, $2::integer, $2::integer || '-T' || t, 'T' || t, 'T' || t, now()
             FROM generate_series(1, $1) g,
                  LATERAL (VALUES (1, g % 2), (2, 2 + g % 9), (3, 11 + g % 9)) AS pick(k, t)`,
          [players, period],
        );
      // Totals over the completed matchweeks and the current one's picks.
      await db.query(generatedTotals(table));
      for (const name of projection.tables.map((t) => t.name)) await db.query(`ANALYZE ${table(name)}`);
    });
    await timed(`PeriodReopened: full survivor fold over ${pastPeriods - 1} completed periods`, () =>
      apply(event('PeriodReopened', { periodId: pastPeriods })),
    );
    await timed('PeriodCompleted: one period folded onto the standings', () =>
      apply(
        event('PeriodCompleted', {
          periodId: pastPeriods,
          manual: true,
          completedAt: new Date(0).toISOString(),
        }),
      ),
    );
  }, 1_800_000);

  afterAll(async () => handle?.dispose());

  it('applies a result picked by half the pool', async () => {
    const recorded = event('ResultRecorded', {
      periodId: current,
      optionId: `${current}-T0`,
      outcome: 'win',
      points: 3,
      source: 'provider',
    });
    await timed(`ResultRecorded for ${players / 2} pickers`, () => apply(recorded));
    await timed('the same event again (no change)', () => apply(recorded));
    const { rows } = await handle.database.query<{ n: number }>(
      `SELECT count(*)::integer AS n FROM period_scores WHERE period_id = $1 AND points = 3`,
      [current],
    );
    expect(rows[0]!.n).toBe(Math.floor(players / 2) + (players % 2));
  }, 600_000);

  it('applies a pick, a late entrant and a completion', async () => {
    await timed('ChoiceMade of an entrant', () =>
      apply(
        event('ChoiceMade', {
          choiceId: 'x-1',
          userId: '00000000-0000-4000-8000-000000000001',
          periodId: current + 1,
          optionId: `${current + 1}-T5`,
          teamKey: 'T5',
          teamName: 'T5',
        }),
      ),
    );
    await timed(`ChoiceMade of a new entrant (folded through ${pastPeriods} periods)`, () =>
      apply(
        event('ChoiceMade', {
          choiceId: 'x-2',
          userId: 'late-joiner',
          periodId: current,
          optionId: `${current}-T5`,
          teamKey: 'T5',
          teamName: 'T5',
        }),
      ),
    );
    await timed('PeriodCompleted of the current period', () =>
      apply(
        event('PeriodCompleted', {
          periodId: current,
          manual: false,
          completedAt: new Date(0).toISOString(),
        }),
      ),
    );
    const { rows } = await handle.database.query<{ n: number }>(
      'SELECT count(*)::integer AS n FROM survivor',
    );
    expect(rows[0]!.n).toBe(players + 1);
  }, 600_000);

  it('reads leaderboard pages and one player’s rank', async () => {
    const queries = new LeaderboardQueries(handle.database, defaultRules);
    await timed('overall, first page of 50', () => queries.overall({ limit: 50 }));
    await timed(`overall, page of 50 at offset ${players / 2}`, () =>
      queries.overall({ limit: 50, offset: players / 2 }),
    );
    await timed('survivor, first page of 50', () => queries.survivor({ limit: 50 }));
    await timed('my rank (overall)', () =>
      queries.entryOf('overall', '00000000-0000-4000-8000-000000000003'),
    );
    await timed('my rank (survivor)', () =>
      queries.entryOf('survivor', '00000000-0000-4000-8000-000000000003'),
    );
    expect(await queries.overall({ limit: 50 })).toHaveLength(50);
  }, 600_000);
});
