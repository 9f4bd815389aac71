import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../src/platform/database/database.js';

class ScanDone extends Error {}

/**
 * Where a person's e-mail address or names (`needles`, any case) sit readable in the raw database:
 * every row of every table of the schema, event payloads and the rows row-level security hides from
 * the app included (read as the connecting superuser, in a transaction that is rolled back).
 * Answers `table: needle` per hit.
 */
export async function personalDataIn(database: Database, needles: readonly string[]): Promise<string[]> {
  const hits: string[] = [];
  const wanted = needles.map((needle) => needle.toLowerCase());
  await database
    .transaction(async (sql) => {
      await sql.query('RESET ROLE');
      const { rows: tables } = await sql.query<{ name: string }>(
        `SELECT quote_ident(table_name) AS name FROM information_schema.tables
          WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
      );
      if (tables.length < 10)
        throw new Error(`Only ${tables.length} tables to scan: not the app's database?`);
      for (const { name } of tables) {
        const { rows } = await sql.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`);
        for (const { row } of rows) {
          const text = row.toLowerCase();
          for (const [index, needle] of wanted.entries())
            if (text.includes(needle)) hits.push(`${name}: ${needles[index]}`);
        }
      }
      throw new ScanDone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof ScanDone)) throw error;
    });
  return [...new Set(hits)];
}

/** The needles found in a backup file (gzipped NDJSON), by the kind of line they are on. */
export async function personalDataInBackup(file: string, needles: readonly string[]): Promise<string[]> {
  const lines = gunzipSync(await readFile(file))
    .toString('utf8')
    .split('\n');
  const hits = new Set<string>();
  for (const line of lines) {
    const text = line.toLowerCase();
    for (const needle of needles)
      if (text.includes(needle.toLowerCase()))
        hits.add(`${(JSON.parse(line) as { kind?: string }).kind ?? 'header'}: ${needle}`);
  }
  return [...hits];
}
