import { Inject, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  DEFAULT_POOL_ADDRESS,
  ErrorCodes,
  queryKeys,
  type ClientToServerEvents,
  type MatchFinishedNotice,
  type ResultRecordedNotice,
  type ServerToClientEvents,
  type SocketHandshake,
} from '@treble/contracts';
import { readSessionToken, SessionLookup, UserDirectory } from '../accounts/index.js';
import { currentPoolKey, DEFAULT_POOL_KEY, inPool } from '../platform/pool-scope/pool-scope.js';
import { PoolDirectory } from '../pools/index.js';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { LiveNotifier } from '../shared/ports/live-notifier.js';
import { attachPostgresAdapter } from './cluster-adapter.js';
import { NoticeCoalescer, shared, type CoalescedNotice } from './notice-coalescer.js';

/** What the handshake learned about a connection. */
interface SocketData {
  userId: string;
  sessionId: string;
  /** In the pool it connected for. */
  isAdmin: boolean;
  /** The key of the pool whose page opened it (docs/adr/015). */
  pool: string;
  /** A member of that pool: else (a person's own pages at the default pool's address) no pool room. */
  member: boolean;
}

type TrebleServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type TrebleSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** A person's browsers, in every pool: their own keys (which hold nothing of anyone else). */
export const userRoom = (userId: string): string => `user:${userId}`;
const sessionRoom = (sessionId: string): string => `session:${sessionId}`;
/** A pool's browsers: the only ones that hear of its read models and its matches. */
const poolRoom = (pool: string): string => `pool:${pool}`;
/** A member's browsers in one pool. */
const memberRoom = (pool: string, userId: string): string => `member:${pool}:${userId}`;
/** A pool's admins' browsers: the only ones that hear of its admin-only keys (`['admin', …]`). */
const adminsRoom = (pool: string): string => `admins:${pool}`;
const isAdminKey = (key: readonly unknown[]): boolean => key[0] === 'admin';

/**
 * Pushes "read model changed" notices to browsers. A notice names the query keys to refetch; it
 * never carries the data itself, so a client sees only what its own requests may read.
 *
 * Only signed-in browsers connect: the handshake must carry a live session cookie (else the
 * connection is refused with "UNAUTHENTICATED"). It names the pool of its page (`SocketHandshake`)
 * and must be one of its members (else "POOL_NOT_FOUND", as the routes answer); it joins that
 * pool's room, whose notices it alone hears (docs/adr/015). Each socket also joins its user's room,
 * for notices meant for one user, and its session's room, so signing out closes it; an admin's
 * joins the pool's admins' room, the only audience of admin-only keys (the audit log, the member
 * list). When a pool's admins change, their open sockets join or leave that room on every instance.
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
  /**
   * Per-user keys go to that user's room only; every audience gets at most one notice per 250 ms,
   * once this instance's projections have all passed its position (a result: one notice, its toast
   * with every table's keys).
   */
  private readonly notices = new NoticeCoalescer(
    (notice) => this.sendNotice(notice),
    (position) => this.engine.passed(position),
  );
  private readonly outbox: CoalescedNotice[] = [];
  /** Admin notices and role changes, one at a time in the order they happened. */
  private following: Promise<void> = Promise.resolve();

  constructor(
    private readonly engine: ProjectionEngine,
    private readonly sessions: SessionLookup,
    private readonly users: UserDirectory,
    private readonly pools: PoolDirectory,
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
      this.admit(socket).then(
        () => next(),
        (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
      );
    });
    // Sessions end in this process (sign-out, password change); with several app instances the
    // adapter disconnects the session's sockets on the other instances too.
    this.unsubscribe.push(
      this.sessions.onRevoked((sessionId) => server.in(sessionRoom(sessionId)).disconnectSockets(true)),
    );
  }

  /** A signed-in member of the pool the handshake names, with their role there; else refused. */
  private async admit(socket: TrebleSocket): Promise<void> {
    const token = readSessionToken(socket.handshake.headers.cookie);
    if ((await this.sessions.resolve(token, this.clock.now())) === null) throw new Error('UNAUTHENTICATED');
    const { pool: address = DEFAULT_POOL_ADDRESS } = socket.handshake.auth as SocketHandshake;
    const pool = typeof address === 'string' ? await this.pools.keyOf(address) : null;
    if (pool === null) throw new Error(ErrorCodes.POOL_NOT_FOUND);
    // Every pool's roles, the default one's too, are its members' (not every person is one of it).
    const found = await this.sessions.roleIn(token, this.clock.now(), pool);
    if (found === null) throw new Error('UNAUTHENTICATED');
    const { auth, role } = found;
    // One in no pool of the install's default but others still has its address open on their
    // own pages (My pools, their profile): that browser hears their own keys, no pool's.
    if (role === null && pool !== DEFAULT_POOL_KEY) throw new Error(ErrorCodes.POOL_NOT_FOUND);
    socket.data = {
      userId: auth.user.id,
      sessionId: auth.sessionId,
      isAdmin: role === 'admin',
      pool,
      member: role !== null,
    };
  }

  async handleConnection(socket: TrebleSocket): Promise<void> {
    const { userId, sessionId, pool, isAdmin, member } = socket.data;
    const own = [userRoom(userId), sessionRoom(sessionId)];
    const rooms = member ? [...own, poolRoom(pool), memberRoom(pool, userId)] : own;
    await socket.join(isAdmin ? [...rooms, adminsRoom(pool)] : rooms);
  }

  onModuleInit(): void {
    this.unsubscribe.push(
      this.engine.onAdvanced(() => this.notices.recheck()),
      this.engine.onChanged((change) => {
        const adminKeys = change.queryKeys.filter(isAdminKey);
        const everyoneKeys = change.queryKeys.filter((key) => !isAdminKey(key));
        for (const pool of adminKeys.length > 0 ? (change.pools ?? []) : []) {
          // In order, and after the admins' room has followed a change of the member list.
          const membersChanged = adminKeys.some((key) => key[1] === 'users');
          this.following = this.following
            .then(async () => {
              if (membersChanged) await this.followAdmins(pool);
              this.notices.add(adminsRoom(pool), change.readModels, adminKeys, change.position);
            })
            .catch((error: unknown) => this.logger.error(`Admin notice: ${String(error)}`));
        }
        if (everyoneKeys.length > 0 || (adminKeys.length === 0 && change.userQueryKeys.length === 0)) {
          // A rebuild (no pool named) concerns every pool's browsers.
          for (const audience of change.pools?.map(poolRoom) ?? [null])
            this.notices.add(audience, change.readModels, everyoneKeys, change.position);
        }
        for (const { userId, queryKeys } of change.userQueryKeys)
          this.notices.add(userRoom(userId), change.readModels, queryKeys, change.position);
      }),
    );
    this.logger.log('Socket.IO gateway ready');
  }

  /** Notices sent in one turn of the event loop go out together (`shared`). */
  private sendNotice(notice: CoalescedNotice): void {
    if (this.outbox.push(notice) === 1) queueMicrotask(() => this.sendOutbox());
  }

  private sendOutbox(): void {
    for (const notice of shared(this.outbox.splice(0))) {
      const payload = {
        readModels: notice.readModels,
        queryKeys: notice.queryKeys.map((key) => [...key]),
        position: notice.position.toString(),
        ...(notice.news ? { news: notice.news } : {}),
      };
      (notice.rooms === null ? this.server : this.server?.to(notice.rooms))?.emit(
        'read-model-changed',
        payload,
      );
    }
  }

  /**
   * A pool's member list changed (maybe a role): the sockets of its new admins join its admins'
   * room and those of former admins leave it, on every instance (through the cluster adapter).
   */
  private async followAdmins(pool: string): Promise<void> {
    const admins = (await inPool(pool, () => this.users.activeAdminIds())).map((id) => memberRoom(pool, id));
    if (admins.length > 0) this.server?.in(admins).socketsJoin(adminsRoom(pool));
    this.server?.in(adminsRoom(pool)).except(admins).socketsLeave(adminsRoom(pool));
  }

  async onModuleDestroy(): Promise<void> {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
    await this.following;
    this.notices.close();
    await this.closeCluster?.();
  }

  /** Live results: a match has finished and its result is recorded (the browsers of the pool recording it). */
  matchFinished(notice: MatchFinishedNotice, position: bigint): void {
    this.notices.add(poolRoom(currentPoolKey()), [], [], position, { matchesFinished: [notice] });
  }

  /** An admin recorded a result (the browsers of the admin's pool). */
  resultRecorded(notice: ResultRecordedNotice, position: bigint): void {
    this.notices.add(poolRoom(currentPoolKey()), [], [], position, { resultsRecorded: [notice] });
  }

  /** A score of the current pool's season moved: its browsers refetch their live tables (coalesced). */
  liveScoresChanged(): void {
    this.notices.add(poolRoom(currentPoolKey()), ['live-scores'], [queryKeys.liveBoard()], 0n);
  }

  @SubscribeMessage('ping')
  ping(): string {
    return new Date().toISOString();
  }
}
