import { afterAll, beforeAll } from '@jest/globals';
import type { Projection } from '../../src/projections/projection.js';
import { serverTarget, type TestDatabaseHandle, type TestDatabaseTarget } from '../support/databases.js';
import type { Sql, TransactionalSql } from '../../src/platform/database/sql.js';

/**
 * A projection's tables under bench names (`table`), each behind a view of its real name as the
 * queries read them, its views over those, and the `users` table the leaderboards join for names.
 */
export async function installBenchTables(
  db: Sql,
  projection: Projection,
  table: (name: string) => string,
): Promise<void> {
  for (const t of projection.tables) {
    for (const statement of t.ddl(table(t.name))) await db.query(statement);
    await db.query(`CREATE VIEW ${t.name} AS SELECT * FROM ${table(t.name)}`);
  }
  for (const view of projection.views ?? []) await db.query(`CREATE VIEW ${view.name} AS ${view.select}`);
  await db.query(
    `CREATE TABLE users (id uuid PRIMARY KEY, email text NOT NULL, first_name text, last_name text,
       profile_image_url text, is_admin boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now())`,
  );
}

const elapsed = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e6;

/** Runs `work` and prints how long it took. */
export async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  const result = await work();
  console.log(`${label}: ${elapsed(started).toFixed(0)} ms`);
  return result;
}

/** Runs `work` `times` times in a row; prints the first, the median and the best time. */
export async function repeated(label: string, times: number, work: () => Promise<unknown>): Promise<number> {
  const laps: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const started = process.hrtime.bigint();
    await work();
    laps.push(elapsed(started));
  }
  const sorted = [...laps].sort((a, b) => a - b);
  console.log(
    `${label}: first ${laps[0]!.toFixed(1)} ms, median ${sorted[Math.floor(times / 2)]!.toFixed(1)} ms, best ${sorted[0]!.toFixed(1)} ms (${times} runs)`,
  );
  return sorted[Math.floor(times / 2)]!;
}

/**
 * The totals of generated completed scores, and a pick in the current matchweek (a Last 10 one in
 * the generated pools).
 */
export const generatedTotals = (table: (name: string) => string) =>
  `INSERT INTO ${table('totals')} (user_id, points, wins, periods, last10_points, last10_wins, last10_periods, user_uuid)
   SELECT user_id, sum(points), sum(wins), count(*) + 1, coalesce(sum(points) FILTER (WHERE period_id >= 29), 0),
          coalesce(sum(wins) FILTER (WHERE period_id >= 29), 0), count(*) FILTER (WHERE period_id >= 29) + 1, user_id::uuid
     FROM ${table('completed_scores')} GROUP BY user_id`;

export const userSql = (g: string) => `'00000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0')`;

/** The generated pool: its players, its completed matchweeks and the one being played. */
export interface GeneratedPool {
  players: number;
  pastPeriods: number;
  current: number;
  /** On the Postgres server (more memory for the index builds). */
  onServer: boolean;
}

/**
 * Drops a table's indexes and primary key, runs `load`, and builds them again from their own
 * definitions: a bulk load, as a restore does it.
 */
async function bulkLoad(
  sql: Sql,
  table: (name: string) => string,
  name: string,
  load: () => Promise<unknown>,
): Promise<void> {
  const physical = `${name}__scale`;
  const { rows: constraints } = await sql.query<{ name: string; definition: string }>(
    `SELECT conname AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE conrelid = to_regclass($1) AND contype = 'p'`,
    [`"${physical}"`],
  );
  const { rows: indexes } = await sql.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
    WHERE i.tablename = $1 AND i.indexname NOT IN (
      SELECT conname FROM pg_constraint WHERE conrelid = to_regclass($2))`,
    [physical, `"${physical}"`],
  );
  for (const c of constraints) await sql.query(`ALTER TABLE ${table(name)} DROP CONSTRAINT "${c.name}"`);
  for (const i of indexes) await sql.query(`DROP INDEX "${i.name}"`);
  await timed(`  load ${name}`, load);
  await timed(`  index ${name}`, async () => {
    for (const c of constraints) {
      await sql.query(`ALTER TABLE ${table(name)} ADD CONSTRAINT "${c.name}" ${c.definition}`);
    }
    for (const i of indexes) await sql.query(i.definition);
  });
}

/**
 * The standings read tables of a pool of `players`, generated with set-based SQL and bulk-loaded as
 * a restore would (indexes dropped, rows inserted, indexes built again): `pastPeriods` completed
 * matchweeks of seeded scores, and in the current one three picks each (every other player has T0,
 * the other half T1, so one result moves half the pool).
 */
export async function generatePool(
  db: TransactionalSql,
  projection: Projection,
  table: (name: string) => string,
  { players, pastPeriods, current, onServer }: GeneratedPool,
): Promise<void> {
  await installBenchTables(db, projection, table);
  // The options' lock times, as far as the leaderboards shown to players read them.
  await db.query(
    `CREATE TABLE options (id text PRIMARY KEY, period_id integer NOT NULL, lock_at timestamptz)`,
  );
  await db.query(
    `INSERT INTO options (id, period_id, lock_at)
   SELECT p || '-T' || t, p, now() - interval '1 day' FROM generate_series(1, $1) p, generate_series(0, 19) t`,
    [current],
  );
  await timed(`seed ${players} players, ${pastPeriods} completed periods`, () =>
    db.transaction(async (sql) => {
      if (onServer) await sql.query(`SET LOCAL maintenance_work_mem = '512MB'`);
      await timed('  users', () =>
        sql.query(
          `INSERT INTO users (id, email, first_name, last_name)
         SELECT (${userSql('g')})::uuid, 'p' || g || '@x.io', 'Player', to_hex(hashtext(g::text))
           FROM generate_series(1, $1) g`,
          [players],
        ),
      );
      await sql.query(
        `INSERT INTO ${table('standings_periods')} (period_id, name, segment, is_completed)
       SELECT p, 'Matchweek ' || p, CASE WHEN p >= 29 THEN 'last10' ELSE 'main' END, p <= $1
         FROM generate_series(1, 38) p`,
        [pastPeriods],
      );
      // This matchweek's picks: every other player has T0 (the other half T1), so one result
      // moves half the pool.
      await bulkLoad(sql, table, 'choices', () =>
        sql.query(
          `INSERT INTO ${table('choices')} (choice_id, user_id, period_id, option_id, team_key, team_name, made_at)
         SELECT 'c-' || g || '-' || k, ${userSql('g')}, $2::integer, $2::integer || '-T' || t, 'T' || t, 'T' || t, now()
           FROM generate_series(1, $1) g,
                LATERAL (VALUES (1, g % 2), (2, 2 + g % 9), (3, 11 + g % 9)) AS pick(k, t)`,
          [players, current],
        ),
      );
      // The completed matchweeks' scores (their picks are not generated); the current one's are
      // read from its picks and results.
      await bulkLoad(sql, table, 'completed_scores', () =>
        sql.query(
          `INSERT INTO ${table('completed_scores')} (user_id, period_id, points, wins, picks, losses)
         SELECT ${userSql('g')}, p, score, score / 3, 3, (score % 3 = 0)::integer
           FROM (SELECT g, p, abs(hashtext(g || '-' || p)) % 10 AS score
                   FROM generate_series(1, $1) g, generate_series(1, $2) p) seeded`,
          [players, pastPeriods],
        ),
      );
      // Totals over the completed matchweeks, and the current one's picks (no result yet: 0 points).
      await bulkLoad(sql, table, 'totals', () => sql.query(generatedTotals(table)));
      // Survivor rows are generated too (not folded): their values only shape the reads.
      await bulkLoad(sql, table, 'survivor', () =>
        sql.query(
          `INSERT INTO ${table('survivor')} (user_id, strike_count, eliminated_in_period, points, wins, user_uuid)
         SELECT o.user_id, s.strikes, CASE WHEN s.strikes >= 3 THEN 1 + abs(hashtext(o.user_id)) % $1 END,
                o.points, o.wins, o.user_uuid
           FROM ${table('totals')} o, LATERAL (SELECT abs(hashtext(o.user_id || 's')) % 5 AS strikes) s`,
          [pastPeriods],
        ),
      );
    }),
  );
  await timed('ANALYZE', async () => {
    await db.query('ANALYZE users');
    for (const name of projection.tables.map((t) => t.name)) await db.query(`ANALYZE ${table(name)}`);
  });
  const { rows } = await db.query<{ size: string }>(
    `SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  console.log(`database size after seeding: ${rows[0]!.size}`);
}

/**
 * A generated pool on a fresh database of `target` for the tests of the describe block this is
 * called in (made before them, dropped after them); answers the handle once it is made.
 */
export function generatedPoolFor(
  target: TestDatabaseTarget,
  projection: Projection,
  table: (name: string) => string,
  pool: Omit<GeneratedPool, 'onServer'>,
): () => TestDatabaseHandle {
  let handle: TestDatabaseHandle | undefined;
  beforeAll(async () => {
    handle = await target.create();
    await generatePool(handle.database, projection, table, { ...pool, onServer: serverTarget !== null });
  }, 1_800_000);
  afterAll(async () => handle?.dispose());
  return () => handle!;
}
