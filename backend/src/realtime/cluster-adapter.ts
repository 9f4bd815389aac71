import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

/** pg.Pool.end() waits for every client to come back: never let a stuck one hold up a shutdown. */
const closeTimeoutMs = 3_000;

/**
 * Makes a Socket.IO server one of several that share the Postgres server: a broadcast, a room
 * emit or `disconnectSockets` on any instance reaches the sockets of every instance, through
 * LISTEN/NOTIFY (notices larger than NOTIFY allows go through the `socket_io_attachments` table).
 * It needs connections of its own (one stays in LISTEN), so it runs only on a Postgres server: the
 * embedded database has one connection and one instance anyway. See docs/adr/008-several-instances.md.
 * Answers the function that stops listening and closes the adapter's connections.
 */
export function attachPostgresAdapter(
  server: Server,
  databaseUrl: string,
  onError: (error: Error) => void,
): () => Promise<void> {
  let closing = false;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  pool.on('error', (error) => {
    if (!closing) onError(error);
  });
  server.adapter(
    createAdapter(pool, {
      errorHandler: (error: Error) => {
        if (!closing) onError(error);
      },
    }),
  );
  return async () => {
    if (closing) return;
    closing = true;
    for (const namespace of server._nsps.values()) await namespace.adapter.close();
    await Promise.race([pool.end(), new Promise((resolve) => setTimeout(resolve, closeTimeoutMs).unref())]);
  };
}
