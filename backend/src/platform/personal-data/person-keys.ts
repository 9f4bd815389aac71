import { randomBytes } from 'node:crypto';
import type { Sql } from '../../platform/database/sql.js';

/**
 * Each person's own key (docs/adr/017), in `person_keys` beside the log, never in it: the codec
 * seals a person's fields with it, and erasing the person deletes it. A person on the erasure list
 * never gets a key again, so nothing appended after (or racing) their erasure is readable.
 */
export class PersonKeys {
  private readonly cache: KeptKeys;

  constructor(private readonly sql: Sql) {
    let cache = caches.get(sql);
    if (cache === undefined) {
      cache = new Map();
      caches.set(sql, cache);
    }
    this.cache = cache;
  }

  /**
   * The keys of these people that exist (an erased person has none). Keys found are kept a while in
   * this process (a pick reads its player's stream, which holds their sealed sign-up): a key never
   * changes, and one deleted elsewhere meanwhile can only open events that come before the
   * person's `PersonErased` in the log, which names the stand-in after them on every read side.
   */
  async find(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const found = new Map<string, Buffer>();
    const now = Date.now();
    const missing = [...new Set(ids)].filter((id) => {
      const kept = this.cache.get(id);
      if (kept !== undefined && kept.until > now) found.set(id, kept.key);
      return !found.has(id);
    });
    if (missing.length === 0) return found;
    const { rows } = await this.sql.query<{ person_id: string; key: Buffer }>(
      'SELECT person_id, key FROM person_keys WHERE person_id = ANY($1::text[])',
      [missing],
    );
    for (const row of rows) {
      found.set(row.person_id, row.key);
      this.keep(row.person_id, row.key, now);
    }
    return found;
  }

  private keep(id: string, key: Buffer, now: number): void {
    if (this.cache.size >= keptKeys) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(id, { key, until: now + keptForMs });
  }

  /**
   * The keys of these people, made for those who have none yet, in one statement; an erased person
   * gets none. Two makers at once: one key is kept, and the other maker reads it on its second look.
   */
  async findOrCreate(ids: readonly string[]): Promise<Map<string, Buffer>> {
    const wanted = [...new Set(ids)];
    const keys = new Map<string, Buffer>();
    for (let attempt = 0; attempt < 3 && keys.size < wanted.length; attempt += 1) {
      const missing = wanted.filter((id) => !keys.has(id));
      const { rows } = await this.sql.query<{ person_id: string; key: Buffer | null }>(
        `WITH wanted AS (SELECT * FROM unnest($1::text[], $2::bytea[]) AS w (person_id, key)),
         made AS (
           INSERT INTO person_keys (person_id, key)
           SELECT w.person_id, w.key FROM wanted w
            WHERE NOT EXISTS (SELECT 1 FROM erasures e WHERE e.person_id = w.person_id)
           ON CONFLICT (person_id) DO NOTHING
           RETURNING person_id, key)
         SELECT person_id, key FROM made
         UNION ALL SELECT k.person_id, k.key FROM person_keys k WHERE k.person_id = ANY($1::text[])
         UNION ALL SELECT e.person_id, NULL FROM erasures e WHERE e.person_id = ANY($1::text[])`,
        [missing, missing.map(() => randomBytes(32))],
      );
      for (const row of rows) {
        // An erased person's fields are dropped, not sealed: the null "key" says so.
        if (row.key === null) keys.set(row.person_id, erased);
        else if (keys.get(row.person_id) !== erased) {
          keys.set(row.person_id, row.key);
          this.keep(row.person_id, row.key, Date.now());
        }
      }
    }
    if (keys.size < wanted.length) throw new Error('A person key could not be made.');
    return keys;
  }

  /** Deletes the person's key: every field sealed with it is unreadable from now on, in every copy of the log. */
  async shred(id: string): Promise<void> {
    this.cache.delete(id);
    await this.sql.query('DELETE FROM person_keys WHERE person_id = $1', [id]);
    this.cache.delete(id);
  }
}

/** Each database's keys kept in this process, so that two databases in one process never mix theirs. */
type KeptKeys = Map<string, { key: Buffer; until: number }>;
const caches = new WeakMap<Sql, KeptKeys>();
const keptKeys = 10_000;
const keptForMs = 10 * 60_000;

/** Stands for "this person was erased" among keys: their fields are stored as null. */
export const erased = Buffer.alloc(0);
