import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { pipeline as pipelineStreams } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { EventMetadata } from '../../shared/domain/event.js';

/*
 * The backup file: gzipped NDJSON. The first line is the header; then one line per event in log
 * order; then one line per credentials row; then (format 2) the rows of the pool's notification
 * tables. See docs/adr/009-backup-restore.md.
 */

export const backupFormat = 'treble-backup';
/**
 * 2 adds the notification tables; 3 the person keys and the erasure list (docs/adr/017), its
 * events sealed. Files of formats 1 and 2 (plain-text personal fields) still restore, sealed then.
 */
export const backupFormatVersion = 3;
const readableFormatVersions = [1, 2, 3];

export interface BackupHeader {
  format: typeof backupFormat;
  formatVersion: number;
  appVersion: string;
  createdAt: string;
  /** The last event position the backup holds (a bigint as a string). */
  headPosition: string;
  counts: {
    events: number;
    credentials: number;
    rows?: number;
    keys?: number;
    erasures?: number;
    accounts?: number;
  };
  /** A backup of one pool (docs/adr/015): which; absent for the whole install's. */
  pool?: { key: string; address: string; name: string };
}

export interface BackupEventLine {
  kind: 'event';
  position: string;
  streamId: string;
  version: number;
  id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recordedAt: string;
}

export interface BackupCredentialLine {
  kind: 'credential';
  userId: string;
  email: string;
  passwordHash: string;
  updatedAt: string;
}

/**
 * One row of a table the log does not rebuild: each player's notification choices and time zone,
 * their browsers' push subscriptions, and the pool's secrets (the VAPID keys those subscriptions
 * were made for, the key that signs the unsubscribe links already mailed).
 */
export interface BackupRowLine {
  kind: 'row';
  table: 'notification_settings' | 'push_subscriptions' | 'pool_secrets';
  row: Record<string, string | boolean | null>;
}

/** A person's key (docs/adr/017): without it their sealed fields cannot be read. Base64. */
export interface BackupKeyLine {
  kind: 'key';
  personId: string;
  key: string;
}

/** An erased person: their id and stand-in number, nothing else of them. */
export interface BackupErasureLine {
  kind: 'erasure';
  personId: string;
  standIn: number;
  requestedBy: string;
  requestedAt: string;
  completedAt: string | null;
}

/**
 * A member's account in a pool's backup: what a restore needs to make it on another install (an
 * erased member comes as their stand-in, nothing of them but their id).
 */
export interface BackupAccountLine {
  kind: 'account';
  personId: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  passwordHash: string | null;
  erased: boolean;
}

export type BackupLine =
  | BackupEventLine
  | BackupCredentialLine
  | BackupRowLine
  | BackupKeyLine
  | BackupErasureLine
  | BackupAccountLine;

const lineKinds: readonly string[] = ['event', 'credential', 'row', 'key', 'erasure', 'account'];

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** Writes the lines as gzipped NDJSON into a new file; an existing file is refused (EEXIST), never overwritten. */
export async function writeBackup(
  path: string,
  lines: AsyncIterable<BackupHeader | BackupLine>,
): Promise<void> {
  await pipeline(
    lines,
    async function* (source: AsyncIterable<BackupHeader | BackupLine>) {
      for await (const line of source) yield `${JSON.stringify(line)}\n`;
    },
    createGzip(),
    createWriteStream(path, { flags: 'wx' }),
  );
}

/** Reads a backup file: the header first, then every line, each parsed and checked for its kind. */
export async function* readBackup(path: string): AsyncGenerator<BackupHeader | BackupLine> {
  // Through `pipeline`, so that a file that cannot be read fails the reading below (ENOENT).
  const input = pipelineStreams(createReadStream(path), createGunzip(), () => undefined);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (text.trim() === '') continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new BackupFileError(`Line ${number} of the backup is not JSON.`);
      }
      if (number === 1) {
        const header = parsed as Partial<BackupHeader>;
        if (header.format !== backupFormat) throw new BackupFileError('This file is not a Treble backup.');
        if (!readableFormatVersions.includes(header.formatVersion as number)) {
          throw new BackupFileError(
            `Backup format version ${String(header.formatVersion)} is not supported (expected ${readableFormatVersions.join(' or ')}).`,
          );
        }
        yield header as BackupHeader;
        continue;
      }
      const line = parsed as Partial<BackupLine>;
      if (!lineKinds.includes(line.kind as string))
        throw new BackupFileError(`Line ${number} of the backup has no known kind.`);
      yield line as BackupLine;
    }
  } catch (error) {
    if (error instanceof BackupFileError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOENT') throw new BackupFileError(`No such file: ${path}`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new BackupFileError('The backup file is not gzip data or is cut short.');
    throw error;
  }
  if (number === 0) throw new BackupFileError('The backup file is empty.');
}
