import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type {
  ClientToServerEvents,
  MatchFinishedNotice,
  ResultRecordedNotice,
  ServerToClientEvents,
} from '@treble/contracts';
import { readSessionToken, SessionLookup, UserDirectory } from '../accounts/index.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { LiveNotifier } from '../shared/ports/live-notifier.js';
import { attachPostgresAdapter } from './cluster-adapter.js';
import { NoticeCoalescer, type CoalescedNotice } from './notice-coalescer.js';

/** What the handshake learned about a connection. */
interface SocketData {
  userId: string;
  sessionId: string;
  isAdmin: boolean;
}

type TrebleServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type TrebleSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

export const userRoom = (userId: string): string => `user:${userId}`;
const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** The admins' browsers: the only ones that hear of admin-only keys (`['admin', …]`). */
const adminsRoom = 'admins';
/** The coalescer's audience for admin-only keys (user ids are UUIDs, so this never collides). */
const adminsAudience = '#admins';
const isAdminKey = (key: readonly unknown[]): boolean => key[0] === 'admin';

/**
 * Pushes "read model changed" notices to browsers. A notice names the query keys to refetch; it
 * never carries the data itself, so a client sees only what its own requests may read.
 *
 * Only signed-in browsers connect: the handshake must carry a live session cookie (else the
 * connection is refused with "UNAUTHENTICATED"). Each socket joins its user's room, for notices
 * meant for one user, and its session's room, so signing out closes it; an admin's also joins the
 * admins' room, the only audience of admin-only keys (the audit log, the member list). When the
 * pool's admins change, their open sockets join or leave that room on every instance.
 *
 * With several app instances on one Postgres server, only the projector leader learns of changes
 * and only the live-results leader of finished matches: the Postgres adapter carries every emit
 * (broadcasts, rooms, disconnects) to the sockets of all instances.
 *
 * It is also the adapter of the `LiveNotifier` port (match-finished and result-recorded toasts).
 */
@WebSocketGateway({ serveClient: false })
export class RealtimeGateway
  implements LiveNotifier, OnGatewayInit, OnGatewayConnection, OnModuleInit, OnModuleDestroy
{
  @WebSocketServer()
  server: TrebleServer;

  private readonly logger = new Logger('Realtime');
  private readonly unsubscribe: (() => void)[] = [];
  private closeCluster: (() => Promise<void>) | null = null;
  /** Per-user keys go to that user's room only; every audience gets at most one notice per 250 ms. */
  private readonly notices = new NoticeCoalescer((notice) => this.sendNotice(notice));
  /** Admin notices and role changes, one at a time in the order they happened. */
  private following: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: ProjectionEngine,
    private readonly sessions: SessionLookup,
    private readonly users: UserDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: TrebleServer): void {
    if (this.config.databaseUrl !== null) {
      this.closeCluster = attachPostgresAdapter(server, this.config.databaseUrl, (error) =>
        this.logger.error(`Socket.IO Postgres adapter: ${error.message}`),
      );
    }
    server.use((socket, next) => {
      this.sessions.resolve(readSessionToken(socket.handshake.headers.cookie), this.clock.now()).then(
        (auth) => {
          if (auth === null) return next(new Error('UNAUTHENTICATED'));
          socket.data = { userId: auth.user.id, sessionId: auth.sessionId, isAdmin: auth.user.isAdmin };
          next();
        },
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    // Sessions end in this process (sign-out, password change); with several app instances the
    // adapter disconnects the session's sockets on the other instances too.
    this.unsubscribe.push(
      this.sessions.onRevoked((sessionId) => server.in(sessionRoom(sessionId)).disconnectSockets(true)),
    );
  }

  async handleConnection(socket: TrebleSocket): Promise<void> {
    const rooms = [userRoom(socket.data.userId), sessionRoom(socket.data.sessionId)];
    await socket.join(socket.data.isAdmin ? [...rooms, adminsRoom] : rooms);
  }

  onModuleInit(): void {
    this.unsubscribe.push(
      this.engine.onChanged((change) => {
        const adminKeys = change.queryKeys.filter(isAdminKey);
        const everyoneKeys = change.queryKeys.filter((key) => !isAdminKey(key));
        if (adminKeys.length > 0) {
          // In order, and after the admins' room has followed a change of the member list.
          const membersChanged = adminKeys.some((key) => key[1] === 'users');
          this.following = this.following
            .then(async () => {
              if (membersChanged) await this.followAdmins();
              this.notices.add(adminsAudience, change.readModels, adminKeys, change.position);
            })
            .catch((error: unknown) => this.logger.error(`Admin notice: ${String(error)}`));
        }
        if (everyoneKeys.length > 0 || (adminKeys.length === 0 && change.userQueryKeys.length === 0)) {
          this.notices.add(null, change.readModels, everyoneKeys, change.position);
        }
        for (const { userId, queryKeys } of change.userQueryKeys)
          this.notices.add(userId, change.readModels, queryKeys, change.position);
      }),
    );
    this.logger.log('Socket.IO gateway ready');
  }

  private sendNotice(notice: CoalescedNotice): void {
    const payload = {
      readModels: notice.readModels,
      queryKeys: notice.queryKeys.map((key) => [...key]),
      position: notice.position.toString(),
    };
    const room =
      notice.userId === null ? null : notice.userId === adminsAudience ? adminsRoom : userRoom(notice.userId);
    (room === null ? this.server : this.server?.to(room))?.emit('read-model-changed', payload);
  }

  /**
   * The member list changed (maybe a role): the sockets of new admins join the admins' room and
   * those of former admins leave it, on every instance (through the cluster adapter).
   */
  private async followAdmins(): Promise<void> {
    const admins = (await this.users.activeAdminIds()).map(userRoom);
    if (admins.length > 0) this.server?.in(admins).socketsJoin(adminsRoom);
    this.server?.in(adminsRoom).except(admins).socketsLeave(adminsRoom);
  }

  async onModuleDestroy(): Promise<void> {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    await this.following;
    this.notices.close();
    await this.closeCluster?.();
  }

  /** Live results: a match has finished and its result is recorded (every connected browser). */
  matchFinished(notice: MatchFinishedNotice): void {
    this.server?.emit('match-finished', notice);
  }

  /** An admin recorded a result (every connected browser). */
  resultRecorded(notice: ResultRecordedNotice): void {
    this.server?.emit('result-recorded', notice);
  }

  @SubscribeMessage('ping')
  ping(): string {
    return new Date().toISOString();
  }
}
