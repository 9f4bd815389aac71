import type { EventStore } from '../../event-store/event-store.port.js';
import type { Sql, TransactionalSql } from '../../platform/database/sql.js';
import { sealStoredEvents } from '../../platform/personal-data/stored-events.js';
import {
  backupFormat,
  backupFormatVersion,
  BackupFileError,
  type BackupErasureLine,
  type BackupEventLine,
  type BackupKeyLine,
  type BackupHeader,
  type BackupLine,
  type BackupRowLine,
  readBackup,
  writeBackup,
} from './backup-file.js';

/*
 * What "the whole pool" is (docs/adr/009-backup-restore.md): the event log, every event with its
 * stream, version, id, position and recorded time, plus the credentials that ADR 004 keeps out of
 * the log, and the notification tables (players' choices, push subscriptions, the pool's keys).
 * Read tables are rebuilt from the log; sessions, leases, rate-limit counters, socket attachments
 * and the delivery log are runtime state and stay behind.
 */

/** The tables kept beside the log, with their columns (the first is the key), in restore order. */
const rowTables: Record<BackupRowLine['table'], readonly string[]> = {
  pool_secrets: ['name', 'value'],
  notification_settings: [
    'user_id',
    'time_zone',
    'reminder_email',
    'reminder_push',
    'results_email',
    'results_push',
    'announcement_email',
    'announcement_push',
    'updated_at',
  ],
  push_subscriptions: ['endpoint', 'user_id', 'p256dh', 'auth', 'created_at'],
};
const rowTableNames = Object.keys(rowTables) as BackupRowLine['table'][];

async function readRows(database: Sql): Promise<BackupRowLine[]> {
  const lines: BackupRowLine[] = [];
  for (const table of rowTableNames) {
    const columns = rowTables[table];
    // Text for everything but booleans: uuids, instants and names come back as they went in.
    const select = columns.map((column) =>
      column.endsWith('_email') || column.endsWith('_push') ? column : `${column}::text AS ${column}`,
    );
    const { rows } = await database.query<Record<string, string | boolean | null>>(
      `SELECT ${select.join(', ')} FROM ${table} ORDER BY ${columns[0]}`,
    );
    for (const row of rows) lines.push({ kind: 'row', table, row });
  }
  return lines;
}

async function insertRow(sql: Sql, line: BackupRowLine): Promise<void> {
  const columns = rowTables[line.table];
  if (!columns) throw new BackupFileError(`The backup names an unknown table: ${String(line.table)}.`);
  const [key, ...rest] = columns;
  // A target that has started once made its own secrets: the pool's own (in the backup) win.
  await sql.query(
    `INSERT INTO ${line.table} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (${key}) DO UPDATE SET ${rest.map((column) => `${column} = EXCLUDED.${column}`).join(', ')}`,
    columns.map((column) => line.row[column] ?? null),
  );
}

/** Each person's key and the erasure list (docs/adr/017), as backup lines. */
async function readPersonalDataLists(
  database: Sql,
): Promise<{ keys: BackupKeyLine[]; erasures: BackupErasureLine[] }> {
  const { rows: keys } = await database.query<{ person_id: string; key: Buffer }>(
    'SELECT person_id, key FROM person_keys ORDER BY person_id',
  );
  const { rows: erasures } = await database.query<{
    person_id: string;
    stand_in: number;
    requested_by: string;
    requested_at: Date;
    completed_at: Date | null;
  }>('SELECT person_id, stand_in, requested_by, requested_at, completed_at FROM erasures ORDER BY stand_in');
  return {
    keys: keys.map((row) => ({ kind: 'key', personId: row.person_id, key: row.key.toString('base64') })),
    erasures: erasures.map((row) => ({
      kind: 'erasure',
      personId: row.person_id,
      standIn: row.stand_in,
      requestedBy: row.requested_by,
      requestedAt: row.requested_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
    })),
  };
}

/** The erasure list of a (newer) backup file: what a restore of an older one must apply again. */
export async function readErasureList(file: string): Promise<BackupErasureLine[]> {
  const list: BackupErasureLine[] = [];
  for await (const line of readBackup(file)) if ('kind' in line && line.kind === 'erasure') list.push(line);
  return list;
}

async function insertErasure(sql: Sql, line: BackupErasureLine): Promise<void> {
  await sql.query(
    `INSERT INTO erasures (person_id, stand_in, requested_by, requested_at, completed_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (person_id) DO NOTHING`,
    [line.personId, line.standIn, line.requestedBy, line.requestedAt, line.completedAt],
  );
}

/**
 * Erasures recorded after the backup was made (from a newer backup's list): the person can no
 * longer sign in at once, and the app finishes each at its next start, before it serves anyone
 * (accounts' PersonalDataErasure: the address freed, the stand-in named, the key deleted).
 */
async function applyLaterErasures(sql: Sql, later: readonly BackupErasureLine[]): Promise<number> {
  let applied = 0;
  for (const line of later) {
    const { rows } = await sql.query('SELECT 1 FROM erasures WHERE person_id = $1', [line.personId]);
    if (rows.length > 0) continue;
    await insertErasure(sql, { ...line, completedAt: null });
    await sql.query('DELETE FROM user_credentials WHERE user_id::text = $1', [line.personId]);
    await sql.query('DELETE FROM notification_settings WHERE user_id::text = $1', [line.personId]);
    await sql.query('DELETE FROM push_subscriptions WHERE user_id::text = $1', [line.personId]);
    applied += 1;
  }
  return applied;
}

interface Progress {
  phase: 'events' | 'credentials' | 'rows' | 'keys';
  done: number;
  total: number;
}

const readBatch = 2_000;

/**
 * Writes the pool into a new file (never overwrites one). Events are read through the event store
 * port up to the head seen at the start, so events appended meanwhile wait for the next backup.
 */
export async function backupPool(options: {
  database: TransactionalSql;
  store: EventStore;
  file: string;
  appVersion: string;
  now?: Date;
  onProgress?: (progress: Progress) => void;
}): Promise<BackupHeader> {
  const { database, store, file, onProgress } = options;
  const head = await store.headPosition();
  const events = (await store.countAfter(0n)) - (await store.countAfter(head));
  // Read after the head: every event up to it had its person's key made before it was appended.
  const { keys, erasures } = await readPersonalDataLists(database);
  const credentials = await database.query<{
    userId: string;
    email: string;
    passwordHash: string;
    updatedAt: Date;
  }>(
    'SELECT user_id::text AS "userId", email, password_hash AS "passwordHash", updated_at AS "updatedAt" FROM user_credentials ORDER BY user_id',
  );
  const extraRows = await readRows(database);
  const header: BackupHeader = {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    appVersion: options.appVersion,
    createdAt: (options.now ?? new Date()).toISOString(),
    headPosition: head.toString(),
    counts: {
      events,
      credentials: credentials.rows.length,
      rows: extraRows.length,
      keys: keys.length,
      erasures: erasures.length,
    },
  };
  async function* lines(): AsyncGenerator<BackupHeader | BackupLine> {
    yield header;
    let after = 0n;
    let written = 0;
    onProgress?.({ phase: 'events', done: 0, total: events });
    while (after < head) {
      const batch = await store.readAll({ after, maxCount: readBatch });
      if (batch.length === 0) break;
      for (const event of batch) {
        if (event.position > head) break;
        yield {
          kind: 'event',
          ...event,
          position: event.position.toString(),
          recordedAt: event.recordedAt.toISOString(),
        };
        written += 1;
      }
      after = batch[batch.length - 1]!.position;
      onProgress?.({ phase: 'events', done: written, total: events });
    }
    if (written !== events)
      throw new Error(`Read ${written} events up to position ${head}, expected ${events}.`);
    for (const [index, row] of credentials.rows.entries()) {
      yield { kind: 'credential', ...row, updatedAt: row.updatedAt.toISOString() };
      onProgress?.({ phase: 'credentials', done: index + 1, total: credentials.rows.length });
    }
    for (const [index, line] of extraRows.entries()) {
      yield line;
      onProgress?.({ phase: 'rows', done: index + 1, total: extraRows.length });
    }
    yield* keys;
    yield* erasures;
  }
  await writeBackup(file, lines());
  return header;
}

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

const insertBatch = 500;

/** The sections of a backup, in file order, and what a line out of that order is told. */
const sections: readonly BackupLine['kind'][] = ['event', 'credential', 'row', 'key', 'erasure'];
const outOfOrder = [
  '',
  'An event follows the credentials',
  'An event or credential follows the notification rows',
  'An event, credential or row follows the person keys',
  'Something other than erasures follows the erasure list',
];

async function insertEvents(sql: Sql, events: BackupEventLine[]): Promise<void> {
  if (events.length === 0) return;
  await sql.query(
    `INSERT INTO events (position, stream_id, version, event_id, type, data, metadata, recorded_at)
     SELECT (e->>'position')::bigint, e->>'streamId', (e->>'version')::bigint, (e->>'id')::uuid,
            e->>'type', e->'data', e->'metadata', (e->>'recordedAt')::timestamptz
     FROM jsonb_array_elements($1::jsonb) AS e`,
    [JSON.stringify(events)],
  );
}

/**
 * Restores a backup into an empty database, in one transaction (a failed restore leaves the
 * database empty, so it can simply be run again). Events keep their positions, ids, versions and
 * recorded times, so the rebuilt read tables equal the original row for row. Checks the log as it
 * goes: positions strictly increasing, every stream's versions 0, 1, 2… with no gap.
 *
 * Postgres event store only: it writes the `events` table directly, because the port's `append`
 * cannot keep positions and recorded times.
 */
export async function restorePool(options: {
  database: TransactionalSql;
  file: string;
  /** Erasures made after the backup (a newer backup's list, `readErasureList`): applied again. */
  laterErasures?: readonly BackupErasureLine[];
  onProgress?: (progress: Progress) => void;
}): Promise<BackupHeader> {
  const { database, file, onProgress } = options;
  for await (const first of readBackup(file)) {
    if ((first as BackupHeader).pool !== undefined)
      throw new BackupFileError('This is a backup of one pool: restore it with `--pool`.');
    break;
  }
  return database.transaction(async (sql) => {
    const { rows } = await sql.query<{ events: boolean; credentials: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM events) AS events, EXISTS (SELECT 1 FROM user_credentials) AS credentials`,
    );
    if (rows[0]!.events || rows[0]!.credentials) {
      throw new RestoreRefusedError(
        'The target database is not empty (it has events or accounts); restore only into a new, empty pool.',
      );
    }
    let header: BackupHeader | null = null;
    const restored = { events: 0, credentials: 0, rows: 0, keys: 0, erasures: 0 };
    /** Which section of the file the lines have reached: events, then credentials, then rows. */
    let section = 0;
    let batch: BackupEventLine[] = [];
    let lastPosition = 0n;
    const versions = new Map<string, number>();
    const flushEvents = async (total: number) => {
      await insertEvents(sql, batch);
      batch = [];
      onProgress?.({ phase: 'events', done: restored.events, total });
    };
    for await (const line of readBackup(file)) {
      if (header === null) {
        header = line as BackupHeader;
        onProgress?.({ phase: 'events', done: 0, total: header.counts.events });
        continue;
      }
      const entry = line as BackupLine;
      const entrySection = sections.indexOf(entry.kind);
      if (entrySection < section)
        throw new BackupFileError(`${outOfOrder[section]}: the backup is out of order.`);
      if (section === 0 && entrySection > 0) await flushEvents(header.counts.events);
      section = entrySection;
      if (entry.kind === 'event') {
        const position = BigInt(entry.position);
        if (position <= lastPosition)
          throw new BackupFileError(`Event positions must grow: ${position} after ${lastPosition}.`);
        const expected = (versions.get(entry.streamId) ?? -1) + 1;
        if (entry.version !== expected) {
          throw new BackupFileError(
            `Stream ${entry.streamId}: version ${entry.version} where ${expected} was expected.`,
          );
        }
        lastPosition = position;
        versions.set(entry.streamId, entry.version);
        batch.push(entry);
        restored.events += 1;
        if (batch.length >= insertBatch) await flushEvents(header.counts.events);
      } else if (entry.kind === 'credential') {
        await sql.query(
          'INSERT INTO user_credentials (user_id, email, password_hash, updated_at) VALUES ($1, $2, $3, $4)',
          [entry.userId, entry.email, entry.passwordHash, entry.updatedAt],
        );
        restored.credentials += 1;
        onProgress?.({ phase: 'credentials', done: restored.credentials, total: header.counts.credentials });
      } else if (entry.kind === 'row') {
        await insertRow(sql, entry);
        restored.rows += 1;
        onProgress?.({ phase: 'rows', done: restored.rows, total: header.counts.rows ?? 0 });
      } else if (entry.kind === 'key') {
        await sql.query('INSERT INTO person_keys (person_id, key) VALUES ($1, $2)', [
          entry.personId,
          Buffer.from(entry.key, 'base64'),
        ]);
        restored.keys += 1;
        onProgress?.({ phase: 'keys', done: restored.keys, total: header.counts.keys ?? 0 });
      } else if (entry.kind === 'erasure') {
        await insertErasure(sql, entry);
        restored.erasures += 1;
      } else {
        throw new BackupFileError('This is a backup of one pool: restore it with `--pool`.');
      }
    }
    if (header === null) throw new BackupFileError('The backup file has no header.');
    await flushEvents(header.counts.events);
    const { events, credentials, rows: extraRows = 0, keys = 0, erasures = 0 } = header.counts;
    if (
      restored.events !== events ||
      restored.credentials !== credentials ||
      restored.rows !== extraRows ||
      restored.keys !== keys ||
      restored.erasures !== erasures
    ) {
      throw new BackupFileError(
        `The backup is incomplete: ${restored.events} of ${events} events, ${restored.credentials} of ${credentials} credentials, ${restored.rows} of ${extraRows} notification rows, ${restored.keys} of ${keys} person keys and ${restored.erasures} of ${erasures} erasures.`,
      );
    }
    // A backup made before personal data was sealed holds it in plain text: sealed now, once.
    await sealStoredEvents(sql);
    await applyLaterErasures(sql, options.laterErasures ?? []);
    // The next erasure's stand-in follows the restored ones.
    await sql.query(
      `SELECT setval(pg_get_serial_sequence('erasures', 'stand_in'), coalesce(max(stand_in), 1), max(stand_in) IS NOT NULL)
         FROM erasures`,
    );
    await sql.query(
      `INSERT INTO event_streams (stream_id, version) SELECT stream_id, max(version) FROM events GROUP BY stream_id`,
    );
    if (events > 0) {
      // New appends take positions from their transaction id: lift them above the restored ones.
      await sql.query(
        `UPDATE event_positions SET base = greatest(base, $1::bigint - (pg_current_xact_id()::text::bigint << 20) + 1)`,
        [lastPosition.toString()],
      );
    }
    return header;
  });
}
