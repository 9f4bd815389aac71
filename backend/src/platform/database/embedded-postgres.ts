import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataDir } from './data-dir-lock.js';

/**
 * PGlite (Postgres compiled to WASM) behind its Postgres wire-protocol socket, so the app talks to
 * it through the very same `pg` + TypeORM code as to a real server. PGlite serves one connection,
 * so the socket accepts one and the pool that uses it must have exactly one.
 */
export interface EmbeddedPostgres {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  if (dataDir !== null) await fs.mkdir(dataDir, { recursive: true });
  const unlock = dataDir === null ? () => undefined : lockDataDir(dataDir);
  let db: PGlite;
  let server: PGLiteSocketServer;
  try {
    db = dataDir === null ? await PGlite.create() : await PGlite.create(dataDir);
    server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 1 });
    await server.start();
  } catch (error) {
    unlock();
    throw error;
  }
  const [host, port] = server.getServerConn().split(':');
  return {
    host: host ?? '127.0.0.1',
    port: Number(port),
    async stop() {
      await server.stop();
      await db.close();
      unlock();
    },
  };
}

/** Where the embedded database of a data directory lives. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'pg');
}
