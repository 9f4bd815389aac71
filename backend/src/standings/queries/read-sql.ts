import { ErrorCodes } from '@treble/contracts';
import type { Sql } from '../../platform/database/sql.js';
import { DomainError } from '../../shared/domain/domain-error.js';

/** Whitespace `String.prototype.trim` removes that matters in names (space, tab, line breaks, NBSP, BOM). */
const whitespace = `E' \\t\\n\\x0B\\f\\r\\u00A0\\uFEFF'`;

const trimmed = (column: string) => `nullif(btrim(${column}, ${whitespace}), '')`;

/** SQL of `maskEmail` (contracts): first character, an ellipsis, and the domain from the last `@`. */
const maskedEmailSql = (email: string): string =>
  `CASE WHEN ${email} IS NULL THEN NULL WHEN strpos(${email}, '@') > 1
     THEN left(${email}, 1) || '…' || right(${email}, strpos(reverse(${email}), '@')) ELSE '…' END`;

/**
 * SQL of `displayName` (standings/domain): full name, else the masked e-mail, else "Unknown User",
 * for the `users` view aliased `u` (LEFT JOINed: a missing account gives "Unknown User").
 */
export const displayNameSql = (u = 'u'): string =>
  `coalesce(nullif(concat_ws(' ', ${trimmed(`${u}.first_name`)}, ${trimmed(`${u}.last_name`)}), ''), ${maskedEmailSql(trimmed(`${u}.email`))}, 'Unknown User')`;

/** The LEFT JOIN to `users` (aliased `u`) for a leaderboard row aliased `row`. */
export type UsersJoin = (row: string) => string;

const joins = new WeakMap<Sql, Promise<UsersJoin>>();

/**
 * The join to the accounts' `users` view. Its id may be uuid (as the accounts projection has it)
 * or text: the join compares in the view's own type so that its primary key serves the lookup
 * (`u.id::text = ...` would hash every account). Leaderboard rows carry their id both as text and,
 * when it is one, as a uuid (`user_uuid`). Detected once per database.
 */
export function usersJoin(db: Sql): Promise<UsersJoin> {
  let join = joins.get(db);
  if (join === undefined) {
    join = db
      .query<{ type: string | null }>(
        `SELECT format_type(a.atttypid, a.atttypmod) AS type
           FROM pg_attribute a WHERE a.attrelid = to_regclass('users') AND a.attname = 'id' AND NOT a.attisdropped`,
      )
      .then(({ rows }): UsersJoin => {
        const type = rows[0]?.type ?? null;
        if (type === null) joins.delete(db); // no view yet: look again next time
        if (type === 'uuid') return (row) => `LEFT JOIN users u ON u.id = ${row}.user_uuid`;
        if (type === 'text') return (row) => `LEFT JOIN users u ON u.id = ${row}.user_id`;
        return (row) => `LEFT JOIN users u ON u.id::text = ${row}.user_id`;
      });
    // A failed detection is retried next time.
    join.catch(() => joins.delete(db));
    joins.set(db, join);
  }
  return join;
}

/** Order of rows of equal rank (standings/domain `compareByName`), for a column holding the display name. */
export const byNameSql = (displayName: string, userId: string): string =>
  `lower(${displayName}) COLLATE "C", ${displayName} COLLATE "C", ${userId} COLLATE "C"`;

export interface UserColumns {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  profile_image_url: string | null;
  display_name: string;
}

export const userColumnsSql = (u = 'u'): string =>
  `${u}.first_name, ${u}.last_name, ${u}.email, ${u}.profile_image_url, ${displayNameSql(u)} AS display_name`;

export interface Page {
  limit?: number | null;
  offset?: number | null;
}

/** `?limit=&offset=`: absent means the whole list. */
export function pageParams(page: Page = {}): [number | null, number] {
  const check = (name: string, value: number | null | undefined): number | null => {
    if (value === undefined || value === null) return null;
    if (!Number.isSafeInteger(value) || value < 0) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, `${name} must be a whole number of 0 or more`);
    }
    return value;
  };
  return [check('limit', page.limit), check('offset', page.offset) ?? 0];
}

/** Percent with two decimals; 0 of 0 is 0. */
export function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
