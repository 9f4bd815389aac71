import type { Sql } from '../platform/database/sql.js';
import { POOL_DELETED } from '../shared/domain/pool-deleted.js';
import { SEASON_STARTED } from '../shared/domain/season-scope.js';
import type { Projection } from './projection.js';

/* What a rebuild and `verify` (ProjectionEngine) report, the events they replay, and verify's comparison. */

export interface RebuildProgress {
  projection: string;
  position: bigint;
  head: bigint;
  eventsApplied: number;
}

export interface TableDifference {
  table: string;
  /** Rows the live table has and a rebuild from the log does not. */
  onlyLive: number;
  /** Rows a rebuild from the log has and the live table lacks. */
  onlyRebuilt: number;
  /** A few of the differing rows, for the operator. */
  samples: { side: 'live' | 'rebuilt'; row: Record<string, unknown> }[];
}

export interface VerifyReport {
  projection: string;
  /** The checkpoint both sides were compared at. */
  position: bigint;
  eventsApplied: number;
  differences: TableDifference[];
}

/**
 * The events a rebuild reads: those the projection applies, the seasons' starts it archives at and
 * the pools' deletions it drops rows at (a small projection skips the rest of the log in the store
 * instead of reading it); all for one that applies every event.
 */
export function replayTypes(projection: Projection): readonly string[] | undefined {
  return projection.eventTypes === 'all'
    ? undefined
    : [...projection.eventTypes, SEASON_STARTED, POOL_DELETED];
}

/** Compares a live table with its rebuild from the log (`ProjectionEngine.verify`). */
export async function compareTable(
  sql: Sql,
  live: string,
  rebuilt: string,
  table: string,
): Promise<TableDifference | null> {
  const onlyIn = (a: string, b: string) => `SELECT * FROM ${a} EXCEPT ALL SELECT * FROM ${b}`;
  const { rows: counts } = await sql.query<{ only_live: string; only_rebuilt: string }>(
    `SELECT (SELECT count(*) FROM (${onlyIn(live, rebuilt)}) d) AS only_live,
            (SELECT count(*) FROM (${onlyIn(rebuilt, live)}) d) AS only_rebuilt`,
  );
  const onlyLive = Number(counts[0]!.only_live);
  const onlyRebuilt = Number(counts[0]!.only_rebuilt);
  if (onlyLive === 0 && onlyRebuilt === 0) return null;
  const sample = async (side: 'live' | 'rebuilt', query: string) =>
    (await sql.query<Record<string, unknown>>(`${query} LIMIT 5`)).rows.map((row) => ({ side, row }));
  return {
    table,
    onlyLive,
    onlyRebuilt,
    samples: [
      ...(await sample('live', onlyIn(live, rebuilt))),
      ...(await sample('rebuilt', onlyIn(rebuilt, live))),
    ],
  };
}
