import { afterAll, describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import type { Sql } from '../../src/platform/database/sql.js';
import type { Projection, ProjectionContext } from '../../src/projections/projection.js';
import { standingsProjection } from '../../src/standings/projection/standings.projection.js';
import { LeaderboardQueries } from '../../src/standings/queries/leaderboard.queries.js';
import { byNameSql, displayNameSql } from '../../src/standings/queries/read-sql.js';
import { generatedPoolFor, repeated, timed } from './standings-tables.js';
import { databaseTargets, serverTarget } from '../support/databases.js';
import { BenchSection, times } from './report.js';

/**
 * W2 and W4 at a million players (`npm run bench`; docs/scaling.md). The standings read tables are
 * generated with set-based SQL and bulk-loaded as a restore would (indexes dropped, rows inserted,
 * indexes built again), then the projection applies single events and the leaderboard queries read
 * pages. Runs on the Postgres server when TEST_POSTGRES_URL is set, else on the embedded database;
 * SCALE_BENCH_PLAYERS sets the sizes (default 20,000 and 100,000 on a server, 5,000 and 20,000
 * embedded; the figures in
 * docs/scaling.md are SCALE_BENCH_PLAYERS=1000000, ~15 minutes on 2 cores). SCALE_BENCH_EXPLAIN=1
 * also prints EXPLAIN (ANALYZE, BUFFERS) of every statement slower than 300 ms and of the reads.
 * It prints times and asserts only correctness. Its seed and results are long write transactions:
 * while they run, every Postgres event-log reader on the same server waits (ADR 010), so run the
 * million on a server nobody else is using.
 */
const target = serverTarget ?? databaseTargets[0]!;
const scaleSizes = (process.env.SCALE_BENCH_PLAYERS ?? (serverTarget ? '20000,100000' : '5000,20000'))
  .split(',')
  .map(Number);
const report = new BenchSection(
  'scale',
  'At pool scale: the standings projection and its reads',
  'Read tables generated with set-based SQL (30 completed matchweeks), then single events applied as the projector applies them and pages read as the routes read them, each against the plainest SQL doing as much (see docs/scaling.md for a million players).',
);
const pastPeriods = Number(process.env.SCALE_BENCH_PERIODS ?? 30);
const explain = Boolean(process.env.SCALE_BENCH_EXPLAIN);
const current = pastPeriods + 1;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

let sequence = 0;
function event(type: string, data: unknown): RecordedEvent {
  sequence += 1;
  return {
    id: `scale-${sequence}`,
    streamId: 'scale',
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

const ms = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;
const oneLine = (text: string, length = 140) => text.replace(/\s+/g, ' ').trim().slice(0, length);

afterAll(() => report.write());

for (const players of scaleSizes)
  describe(`standings at ${players} players on ${target.name}`, () => {
    const projection: Projection = standingsProjection(defaultRules);
    const table = (name: string) => `"${name}__scale"`;

    /** Applies one event in one transaction, as the engine does; prints slow statements (and plans). */
    const apply = (recorded: RecordedEvent, { withPlans = false, workMem = '' } = {}) =>
      database().database.transaction(async (sql) => {
        if (workMem) await sql.query(`SET LOCAL work_mem = '${workMem}'`);
        const traced: Sql = {
          async query<Row>(text: string, params?: readonly unknown[]) {
            if (withPlans) {
              // The plan of the statement as it runs here, then undone: the real run follows.
              await sql.query('SAVEPOINT plan');
              const started = process.hrtime.bigint();
              const { rows } = await sql.query<{ 'QUERY PLAN': string }>(
                `EXPLAIN (ANALYZE, BUFFERS) ${text}`,
                params,
              );
              await sql.query('ROLLBACK TO SAVEPOINT plan');
              if (ms(started) > 300) {
                console.log(
                  `PLAN of ${oneLine(text, 100)}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`,
                );
              }
            }
            const started = process.hrtime.bigint();
            const result = await sql.query<Row>(text, params);
            const took = ms(started);
            if (took > 200) console.log(`  slow statement ${took.toFixed(0)} ms: ${oneLine(text)}`);
            return result;
          },
        };
        const context: ProjectionContext = { sql: traced, table };
        await projection.apply(recorded, context);
      });

    const database = generatedPoolFor(target, projection, table, { players, pastPeriods, current });

    it('W2: applies a result picked by half the pool', async () => {
      // Even players picked T0, odd players T1.
      const t0Pickers = Math.floor(players / 2);
      const t1Pickers = players - t0Pickers;
      const result = (option: string, outcome: 'win' | 'draw') =>
        event('ResultRecorded', {
          periodId: current,
          optionId: `${current}-${option}`,
          outcome,
          points: outcome === 'win' ? 3 : 1,
          source: 'provider',
        });
      const recorded = result('T0', 'win');
      const overallPoints = async () =>
        (await database().database.query<{ sum: number }>('SELECT sum(points)::integer AS sum FROM overall'))
          .rows[0]!.sum;
      const pointsBefore = await overallPoints();
      const appliedStarted = process.hrtime.bigint();
      await timed(`W2 ResultRecorded for ${t0Pickers} pickers`, () => apply(recorded));
      const applied = ms(appliedStarted);
      expect((await overallPoints()) - pointsBefore).toBe(3 * t0Pickers);
      // Baseline: one UPDATE of as many choice rows (the other half's), undone: the plainest write.
      const baseline = await database().database.transaction(async (sql) => {
        await sql.query('SAVEPOINT baseline');
        const started = process.hrtime.bigint();
        await sql.query(`UPDATE ${table('choices')} SET team_name = team_name || '' WHERE option_id = $1`, [
          `${current}-T1`,
        ]);
        const took = ms(started);
        await sql.query('ROLLBACK TO SAVEPOINT baseline');
        return took;
      });
      console.log(`W2 baseline: one UPDATE of ${t1Pickers} choice rows: ${baseline.toFixed(0)} ms`);
      report.record({
        workload: `W2 result for ${t0Pickers} pickers, applied`,
        players,
        measured: `${applied.toFixed(0)} ms`,
        baseline: `UPDATE of ${t1Pickers} choice rows ${baseline.toFixed(0)} ms`,
        ratio: applied / baseline,
        target: '≤ 1 s',
        met: applied <= 1000,
        shortBy: times(applied / 1000),
      });
      await timed('W2 the same event again (no change)', () => apply(recorded));
      // The same work with memory for the sorts and hashes (the server's default work_mem is 4MB).
      await timed(`W2 ResultRecorded for the other ${t1Pickers} pickers, work_mem 256MB`, () =>
        apply(result('T1', 'win'), { workMem: '256MB' }),
      );
      if (explain) {
        await timed(`W2 T0 corrected to a draw for ${t0Pickers} pickers, with plans`, () =>
          apply(result('T0', 'draw'), { withPlans: true }),
        );
      }
      const { rows } = await database().database.query<{ points: number; n: number }>(
        `SELECT points, count(*)::integer AS n FROM period_scores WHERE period_id = $1 GROUP BY points ORDER BY points`,
        [current],
      );
      expect(rows).toEqual(
        explain
          ? [
              { points: 1, n: t0Pickers },
              { points: 3, n: t1Pickers },
            ]
          : [{ points: 3, n: players }],
      );
    }, 1_800_000);

    it('a pick of an entrant in the next matchweek', async () => {
      await timed('ChoiceMade of an entrant', () =>
        apply(
          event('ChoiceMade', {
            choiceId: 'x-1',
            userId: uuidOf(3),
            periodId: current + 1,
            optionId: `${current + 1}-T5`,
            teamKey: 'T5',
            teamName: 'T5',
          }),
        ),
      );
      const { rows } = await database().database.query<{ periods: number }>(
        'SELECT periods FROM overall WHERE user_id = $1',
        [uuidOf(3)],
      );
      expect(rows[0]!.periods).toBe(current + 1);
    }, 600_000);

    it('W4: reads the top page, a deep page and one player’s rank', async () => {
      // Captures the last statement a query ran, to explain it afterwards.
      let last: { text: string; params?: readonly unknown[] } = { text: '' };
      const capturing: Sql = {
        query<Row>(text: string, params?: readonly unknown[]) {
          last = { text, params };
          return database().database.query<Row>(text, params);
        },
      };
      const queries = new LeaderboardQueries(capturing, defaultRules);
      const plan = async (label: string) => {
        if (!explain) return;
        const { rows } = await database().database.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) ${last.text}`,
          last.params,
        );
        console.log(`PLAN of ${label}\n${rows.map((row) => row['QUERY PLAN']).join('\n')}`);
      };
      const deep = Math.floor(players / 2);
      const someone = uuidOf(Math.floor(players / 3));

      // Baselines: the plainest reads of as many rows, on the same tables and indexes.
      const rawTop = await repeated('W4 baseline: 50 rows of the ranking index', 7, () =>
        database().database.query(
          'SELECT user_id, points, wins FROM overall ORDER BY points DESC, wins DESC LIMIT 50',
        ),
      );
      const rawRow = await repeated('W4 baseline: one row by its key', 7, () =>
        database().database.query('SELECT points, wins FROM overall WHERE user_id = $1', [someone]),
      );
      const top = await repeated('W4 overall, first page of 50', 7, () => queries.overall({ limit: 50 }));
      await plan('overall, first page of 50');
      const deepPage = await repeated(`W4 overall, page of 50 at offset ${deep}`, 3, () =>
        queries.overall({ limit: 50, offset: deep }),
      );
      await plan(`overall, page at offset ${deep}`);
      await repeated('W4 overall, last page of 50', 2, () =>
        queries.overall({ limit: 50, offset: players - 50 }),
      );
      const rank = await repeated('W4 my rank (overall)', 7, () => queries.entryOf('overall', someone));
      await plan('my rank (overall)');
      const row = (workload: string, measured: number, baseline: string, base: number) =>
        report.record({
          workload,
          players,
          measured: `${measured.toFixed(1)} ms`,
          baseline: `${baseline} ${base.toFixed(1)} ms`,
          ratio: measured / base,
          target: 'p99 ≤ 50 ms per request (W4)',
          met: measured <= 50,
          shortBy: times(measured / 50),
        });
      row('W4 overall top 50, query (median)', top, '50 rows of the ranking index', rawTop);
      row(
        `W4 overall page at offset ${deep}, query (median)`,
        deepPage,
        '50 rows of the ranking index',
        rawTop,
      );
      row('W4 my rank, query (median)', rank, 'one row by its key', rawRow);
      await repeated('W4 survivor, first page of 50', 5, () => queries.survivor({ limit: 50 }));
      await repeated('W4 my rank (survivor)', 5, () => queries.entryOf('survivor', someone));
      await repeated('W4 summary (three counts)', 3, () => queries.summary());
      // As the HTTP routes read them: only players with a locked pick (or points) are listed.
      const shown = queries.shownAt(new Date());
      await repeated('W4 shown overall, first page of 50', 2, () => shown.overall({ limit: 50 }));
      await plan('shown overall, first page of 50');
      await repeated(`W4 shown overall, page of 50 at offset ${deep}`, 1, () =>
        shown.overall({ limit: 50, offset: deep }),
      );
      await repeated('W4 shown summary (three counts)', 1, () => shown.summary());

      // Ten concurrent readers of the top page, straight on the database (no HTTP): its ceiling.
      const total = 50;
      let issued = 0;
      const started = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: 10 }, async () => {
          while (issued < total) {
            issued += 1;
            await queries.overall({ limit: 50 });
          }
        }),
      );
      const seconds = ms(started) / 1000;
      console.log(`W4 top page, 10 concurrent readers: ${(total / seconds).toFixed(0)} queries/s`);

      const firstPage = await queries.overall({ limit: 50 });
      expect(firstPage).toHaveLength(50);
      const page = await queries.overall({ limit: 50, offset: deep });
      expect(page).toHaveLength(50);
      const mine = await queries.entryOf('overall', someone);
      const { rows } = await database().database.query<{ ahead: number }>(
        `SELECT count(*)::integer AS ahead FROM overall o, overall me
        WHERE me.user_id = $1 AND (o.points, o.wins) > (me.points, me.wins)`,
        [someone],
      );
      expect(mine!.rank).toBe(rows[0]!.ahead + 1);
    }, 1_200_000);

    /**
     * The reads docs/scaling.md proposes, as bench SQL (not the app's queries): a page bounded by
     * its first and last keys passed as parameters, so both ends are index conditions; and a
     * histogram of (points, wins) that turns an offset into keys and "my rank" into a sum over a
     * few hundred rows. They must give the app's answers.
     */
    it('W4 proposals: pages bounded by parameters, ranks from a histogram', async () => {
      const db = database().database;
      const queries = new LeaderboardQueries(db, defaultRules);
      const join = 'LEFT JOIN users u ON u.id = s.user_uuid';
      /** The rows from rank offset+1, given the keys of the first and last row and the count ahead. */
      const rowsBetween = async (
        first: { points: number; wins: number },
        last: { points: number; wins: number },
        ahead: number,
        offset: number,
        limit: number,
      ) =>
        (
          await db.query<{ user_id: string; rank: number }>(
            `SELECT user_id, rank FROM (
             SELECT s.user_id, s.points, s.wins, ${displayNameSql('u')} AS display_name,
                    ($5::integer + rank() OVER (ORDER BY s.points DESC, s.wins DESC))::integer AS rank
               FROM overall s ${join}
              WHERE (s.points, s.wins) <= ($1::integer, $2::integer) AND (s.points, s.wins) >= ($3::integer, $4::integer)
           ) x
           ORDER BY points DESC, wins DESC, ${byNameSql('display_name', 'user_id')}
           OFFSET $6::integer - $5::integer LIMIT $7`,
            [first.points, first.wins, last.points, last.wins, ahead, offset, limit],
          )
        ).rows;
      const keyAt = async (offset: number) =>
        (
          await db.query<{ points: number; wins: number }>(
            'SELECT points, wins FROM overall ORDER BY points DESC, wins DESC OFFSET $1 LIMIT 1',
            [offset],
          )
        ).rows[0]!;
      /** Page by keys found on the index (offset walks the index), then the rows between them. */
      const pageByIndex = async (offset: number, limit: number) => {
        const first = await keyAt(offset);
        const last = await keyAt(offset + limit - 1);
        const { rows } = await db.query<{ n: number }>(
          'SELECT count(*)::integer AS n FROM overall WHERE (points, wins) > ($1::integer, $2::integer)',
          [first.points, first.wins],
        );
        return rowsBetween(first, last, rows[0]!.n, offset, limit);
      };

      await db.query(
        'CREATE TABLE overall_histogram (points integer, wins integer, n integer, PRIMARY KEY (points, wins))',
      );
      await timed('proposal: histogram of (points, wins) built from scratch', () =>
        db.query(
          'INSERT INTO overall_histogram SELECT points, wins, count(*) FROM overall GROUP BY points, wins',
        ),
      );
      const { rows: size } = await db.query<{ n: number }>(
        'SELECT count(*)::integer AS n FROM overall_histogram',
      );
      console.log(`proposal: histogram rows: ${size[0]!.n}`);
      /** Keys of the row at rank offset+1, and the number of rows strictly ahead of its tie group. */
      const keyFromHistogram = async (offset: number) =>
        (
          await db.query<{ points: number; wins: number; ahead: number }>(
            `SELECT points, wins, (running - n)::integer AS ahead FROM (
             SELECT points, wins, n, sum(n) OVER (ORDER BY points DESC, wins DESC) AS running FROM overall_histogram
           ) h WHERE running > $1 ORDER BY points DESC, wins DESC LIMIT 1`,
            [offset],
          )
        ).rows[0]!;
      const pageByHistogram = async (offset: number, limit: number) => {
        const first = await keyFromHistogram(offset);
        const last = await keyFromHistogram(offset + limit - 1);
        return rowsBetween(first, last, first.ahead, offset, limit);
      };
      const rankByHistogram = async (userId: string) =>
        (
          await db.query<{ rank: number }>(
            `SELECT (1 + coalesce((SELECT sum(h.n) FROM overall_histogram h WHERE (h.points, h.wins) > (me.points, me.wins)), 0))::integer AS rank
             FROM overall me WHERE me.user_id = $1`,
            [userId],
          )
        ).rows[0]!.rank;

      const deep = Math.floor(players / 2);
      const someone = uuidOf(Math.floor(players / 3));
      await repeated('proposal: overall first page of 50, bounds as parameters', 7, () => pageByIndex(0, 50));
      await repeated(`proposal: overall page at offset ${deep}, bounds walked on the index`, 3, () =>
        pageByIndex(deep, 50),
      );
      await repeated(`proposal: overall page at offset ${deep}, bounds from the histogram`, 5, () =>
        pageByHistogram(deep, 50),
      );
      await repeated('proposal: my rank from the histogram', 7, () => rankByHistogram(someone));

      const ids = (rows: { user_id: string }[]) => rows.map((row) => row.user_id);
      expect(ids(await pageByIndex(0, 50))).toEqual(
        (await queries.overall({ limit: 50 })).map((entry) => entry.userId),
      );
      const expected = (await queries.overall({ limit: 50, offset: deep })).map((entry) => entry.userId);
      expect(ids(await pageByIndex(deep, 50))).toEqual(expected);
      expect(ids(await pageByHistogram(deep, 50))).toEqual(expected);
      expect(await rankByHistogram(someone)).toBe((await queries.entryOf('overall', someone))?.rank);
    }, 1_200_000);
  });
