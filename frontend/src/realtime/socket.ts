import type { ClientToServerEvents, ServerToClientEvents } from '@treble/contracts';
import { io, type Socket } from 'socket.io-client';

export type TrebleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: TrebleSocket | undefined;

/**
 * The one Socket.IO connection of the page, created on first use. It talks to the page's own
 * origin (the backend in production, Vite's proxy in development) and sends the session cookie.
 * It starts disconnected: the RealtimeProvider connects it once its listeners are in place.
 */
export function getSocket(): TrebleSocket {
  socket ??= io({ path: '/socket.io', withCredentials: true, autoConnect: false });
  return socket;
}
