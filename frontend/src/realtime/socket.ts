import type { ClientToServerEvents, ServerToClientEvents, SocketHandshake } from '@treble/contracts';
import { currentPool } from '../api/current-pool';
import { io, type Socket } from 'socket.io-client';

export type TrebleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: TrebleSocket | undefined;

/**
 * The one Socket.IO connection of the page, created on first use. It talks to the page's own
 * origin (the backend in production, Vite's proxy in development) and sends the session cookie.
 * It starts disconnected: the RealtimeProvider connects it once its listeners are in place. It
 * names the page's pool, whose notices alone it then hears (a page of another pool is a new load).
 */
export function getSocket(): TrebleSocket {
  const auth: SocketHandshake = { pool: currentPool() };
  socket ??= io({ path: '/socket.io', withCredentials: true, autoConnect: false, auth });
  return socket;
}
