import { personalEventTypes } from '../../shared/domain/personal-data.js';
import type { Sql } from '../database/sql.js';
import { sealData } from './personal-data-codec.js';
import { PersonKeys } from './person-keys.js';

/** Seals the personal fields of every stored event that holds them in plain text, a batch at a time. */
export async function sealStoredEvents(sql: Sql): Promise<number> {
  const keys = new PersonKeys(sql);
  let after = '0';
  let sealed = 0;
  for (;;) {
    const { rows } = await sql.query<{ position: string; type: string; data: unknown }>(
      `SELECT position::text AS position, type, data FROM events
        WHERE type = ANY($1::text[]) AND position > $2::bigint ORDER BY position LIMIT 1000`,
      [personalEventTypes, after],
    );
    if (rows.length === 0) return sealed;
    const changed = (await sealData(keys, rows)).filter(
      (row, index) => JSON.stringify(row.data) !== JSON.stringify(rows[index]!.data),
    );
    if (changed.length > 0) {
      await sql.query(
        `UPDATE events e SET data = c.data
           FROM unnest($1::bigint[], $2::jsonb[]) AS c (position, data) WHERE e.position = c.position`,
        [changed.map((row) => row.position), changed.map((row) => JSON.stringify(row.data))],
      );
    }
    sealed += changed.length;
    after = rows[rows.length - 1]!.position;
  }
}
