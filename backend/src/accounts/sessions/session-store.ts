import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { ErrorCodes, type AuthSession, type PoolRole, type User } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { TurnBatch } from '../../platform/batching/turn-batch.js';
import { Database } from '../../platform/database/database.js';
import { ProjectionEngine } from '../../projections/projection-engine.js';
import { personColumns, toUser, type UserRow } from '../queries/users/user.entity.js';
import { SessionCache } from './session-cache.js';

/** A signed-in request: who, and through which session. */
export interface Authentication {
  sessionId: string;
  /** The person, an admin when they are one of the default pool (the access guard says otherwise in another pool). */
  user: User;
  /**
   * Whether the person is a member of the install's default pool: one who joined another pool by
   * its invitation is not (docs/adr/015), and a deactivated member of it cannot sign in at all.
   */
  memberOfDefaultPool: boolean;
  /**
   * The person's role in each pool they are an active member of, by pool key (the default pool's
   * is ''): read with the session and kept with it, so a request in a pool asks no more.
   */
  poolRoles: Readonly<Record<string, PoolRole>>;
  /** Whether this was answered from memory (a refusal it leads to is checked again, `resolve`'s `fresh`). */
  kept: boolean;
  session: AuthSession;
}

interface ResolvedRow extends UserRow {
  member: boolean;
  /** Whether the person is admin (true) or player (false) of each pool they are active in. */
  pool_roles: Record<string, boolean>;
  session_id: string;
  last_seen_at: Date;
  expires_at: Date;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Writing `last_seen_at` on every request would turn each read into a write; once a minute is enough. */
const touchAfterMs = 60_000;

/**
 * Server-side sessions in Postgres. A session ends at its absolute expiry, after the idle time
 * without use, or when revoked (sign-out, password change). Expired rows are deleted as they are
 * met and whenever their user signs in. A resolved session is kept in memory for up to a minute
 * (session-cache.ts), forgotten on every instance when a session ends or a person changes.
 */
@Injectable()
export class SessionStore implements OnModuleInit, OnModuleDestroy {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly revoked = new EventEmitter();
  private readonly cache: SessionCache<ResolvedRow>;
  /** The session reads under way, by token hash, and where the cache stood when each began. */
  private readonly reading = new Map<string, { mark: number; row: Promise<ResolvedRow | null> }>();
  /** The sessions asked for in one turn of the event loop, read in one statement at its end. */
  private readonly sessions = new TurnBatch<string, ResolvedRow, { now: Date; mark: number }>(
    (keys, { now, mark }) => this.readRows(keys, now, mark),
  );
  private unsubscribe: () => void = () => undefined;

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly engine: ProjectionEngine,
  ) {
    this.idleMs = config.accounts.sessionIdleMinutes * 60_000;
    this.absoluteMs = config.accounts.sessionAbsoluteMinutes * 60_000;
    this.cache = new SessionCache(database.kind === 'postgres' ? config.databaseUrl : null, touchAfterMs);
  }

  async onModuleInit(): Promise<void> {
    await this.cache.start();
    // A person's account or membership changed (a role, a deactivation, an erasure): what the kept
    // sessions say of people may be old, here and on the other instances.
    this.unsubscribe = this.engine.onChanged((change) => {
      if (!change.readModels.includes('users')) return;
      if (change.queryKeys.length === 0 && change.userQueryKeys.length === 0) return;
      this.cache.forgetAll();
      void this.tellOthers();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.unsubscribe();
    await this.cache.stop();
  }

  /** The other instances forget what they keep (sessions ended here, or people changed). */
  private tellOthers(): Promise<void> {
    return this.cache.tellOthers(this.database);
  }

  /** A person's sessions were deleted outside this store (an erasure): nobody may use a kept one. */
  async forget(userId: string): Promise<void> {
    this.cache.forgetUser(userId);
    await this.tellOthers();
  }

  private describe(lastSeen: Date, expiresAt: Date): AuthSession {
    const idle = new Date(Math.min(lastSeen.getTime() + this.idleMs, expiresAt.getTime()));
    return { expiresAt: expiresAt.toISOString(), idleExpiresAt: idle.toISOString() };
  }

  /** A new session; its token goes into the cookie, and only the token's hash is stored. */
  async open(userId: string, now: Date): Promise<{ token: string; session: AuthSession }> {
    const token = randomBytes(32).toString('base64url');
    const sessionId = randomUUID();
    const expiresAt = new Date(now.getTime() + this.absoluteMs);
    await this.database.query(
      `DELETE FROM user_sessions WHERE user_id = $1 AND (expires_at <= $2 OR last_seen_at <= $3)`,
      [userId, now, new Date(now.getTime() - this.idleMs)],
    );
    // Holds the account's credentials row while it opens the session: an erasure (which deletes that
    // row, then the sessions) waits for it, or has gone first and leaves nothing to open one for.
    const { rowCount } = await this.database.query(
      `WITH account AS (SELECT user_id FROM user_credentials WHERE user_id = $3 FOR SHARE)
       INSERT INTO user_sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at)
       SELECT $1, $2, user_id, $4, $4, $5 FROM account`,
      [sessionId, hashToken(token), userId, now, expiresAt],
    );
    if (rowCount === 0)
      throw new DomainError(ErrorCodes.INVALID_CREDENTIALS, 'The e-mail address or password is not right.');
    return { token, session: this.describe(now, expiresAt) };
  }

  /**
   * The signed-in user behind a token, or null for an unknown, expired or revoked session. One
   * statement: it finds the session, deletes it when it has expired, and moves `last_seen_at` on
   * when that is older than `touchAfterMs`. `fresh` reads it from the database even when it is kept.
   */
  async resolve(
    token: string | null,
    now: Date,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<Authentication | null> {
    if (token === null) return null;
    const key = hashToken(token);
    const kept = fresh ? undefined : this.cache.get(key, now.getTime());
    if (kept !== undefined && !this.ended(kept, now))
      return this.authentication(kept, kept.last_seen_at, true);
    // A browser's requests come together (a page's dozen reads): they share one read of the
    // session, unless something was forgotten since it began.
    const shared = fresh ? undefined : this.reading.get(key);
    const mark = this.cache.mark();
    const reading =
      shared !== undefined && this.cache.unchangedSince(shared.mark) ? shared.row : this.read(key, now, mark);
    if (reading !== shared?.row) {
      this.reading.set(key, { mark, row: reading });
      void reading
        .finally(() => {
          if (this.reading.get(key)?.row === reading) this.reading.delete(key);
        })
        .catch(() => undefined);
    }
    const found = await reading;
    return found && this.authentication(found, found.last_seen_at, false);
  }

  /**
   * The session (null: unknown or ended, then deleted), its `last_seen_at` moved on when due. The
   * reads of different sessions asked for in one turn of the event loop (a deadline's picks, each
   * player's first request in a while) go in one statement, at the first one's time and cache mark.
   */
  private async read(key: string, now: Date, mark: number): Promise<ResolvedRow | null> {
    return (await this.sessions.get([key], { now, mark })).get(key) ?? null;
  }

  /** One statement for every session of a turn's batch: those found and not ended, by token hash. */
  private async readRows(keys: string[], now: Date, mark: number): Promise<Map<string, ResolvedRow>> {
    const { rows } = await this.database.query<
      ResolvedRow & { token_hash: string; expired: boolean; touched: boolean }
    >(
      `WITH found AS (
         SELECT s.token_hash, s.id AS session_id, s.last_seen_at, s.expires_at, ${personColumns},
                m.user_id IS NOT NULL AS member,
                coalesce((SELECT json_object_agg(r.pool_id, r.is_admin) FROM memberships r
                           WHERE r.user_id = p.id AND r.active), '{}') AS pool_roles,
                (s.expires_at <= $2 OR s.last_seen_at <= $3) AS expired
         FROM user_sessions s JOIN persons p ON p.id = s.user_id
              LEFT JOIN memberships m ON m.user_id = p.id AND m.pool_id = ''
         WHERE s.token_hash = ANY($1::text[]) AND m.active IS NOT FALSE
       ), ended AS (
         DELETE FROM user_sessions WHERE id IN (SELECT session_id FROM found WHERE expired)
       ), touched AS (
         UPDATE user_sessions SET last_seen_at = $2
         WHERE id IN (SELECT session_id FROM found WHERE NOT expired AND last_seen_at <= $4)
         RETURNING id
       )
       SELECT found.*, found.session_id IN (SELECT id FROM touched) AS touched FROM found`,
      [keys, now, new Date(now.getTime() - this.idleMs), new Date(now.getTime() - touchAfterMs)],
    );
    const found = new Map<string, ResolvedRow>();
    for (const { token_hash: key, expired, touched, ...row } of rows) {
      if (expired) continue;
      const lastSeen = touched ? now : row.last_seen_at;
      const value = { ...row, last_seen_at: lastSeen };
      found.set(key, value);
      this.cache.keep(
        key,
        { value, sessionId: row.session_id, userId: row.id, checkedAt: lastSeen.getTime() },
        mark,
      );
    }
    return found;
  }

  /**
   * The signed-in person behind a token with their role in a pool (null: no active member of it).
   * A kept session that knows no role there is read again: they may have just joined, and a request
   * can come before the users projection's change has made this process forget the kept one.
   */
  async roleIn(
    token: string | null,
    now: Date,
    poolKey: string,
  ): Promise<{ auth: Authentication; role: PoolRole | null } | null> {
    let auth = await this.resolve(token, now);
    if (auth !== null && auth.kept && auth.poolRoles[poolKey] === undefined)
      auth = await this.resolve(token, now, { fresh: true });
    return auth && { auth, role: auth.poolRoles[poolKey] ?? null };
  }

  /** Whether a kept session has reached its absolute or idle expiry (the database then deletes it). */
  private ended(row: ResolvedRow, now: Date): boolean {
    return row.expires_at <= now || row.last_seen_at.getTime() <= now.getTime() - this.idleMs;
  }

  private authentication(row: ResolvedRow, lastSeen: Date, kept: boolean): Authentication {
    return {
      sessionId: row.session_id,
      user: toUser(row),
      memberOfDefaultPool: row.member,
      poolRoles: Object.fromEntries(
        Object.entries(row.pool_roles).map(([pool, admin]) => [pool, admin ? 'admin' : 'player']),
      ),
      kept,
      session: this.describe(lastSeen, row.expires_at),
    };
  }

  async revokeToken(token: string | null): Promise<void> {
    if (token !== null) await this.end('token_hash = $1', [hashToken(token)]);
  }

  /** Ends every session of a user but one (after a password change). */
  async revokeOthers(userId: string, keepSessionId: string): Promise<void> {
    await this.end('user_id = $1 AND id <> $2', [userId, keepSessionId]);
  }

  /** Ends every session of a user (a password reset, a deactivation, a removal). */
  async revokeAll(userId: string): Promise<void> {
    await this.end('user_id = $1', [userId]);
  }

  private async end(where: string, params: unknown[]): Promise<void> {
    const { rows } = await this.database.query<{ id: string }>(
      `DELETE FROM user_sessions WHERE ${where} RETURNING id`,
      params,
    );
    for (const row of rows) {
      this.cache.forgetSession(row.id);
      this.revoked.emit('revoked', row.id);
    }
    if (rows.length > 0) await this.tellOthers();
  }

  /** Tells listeners (the socket gateway) that a session ended, so its live connections close too. */
  onRevoked(listener: (sessionId: string) => void): () => void {
    this.revoked.on('revoked', listener);
    return () => this.revoked.off('revoked', listener);
  }
}

/**
 * What other contexts may ask of sessions (the socket gateway): who a session cookie belongs to,
 * and when a session ends. Bound to the session store; opening and revoking stay the accounts'.
 */
export abstract class SessionLookup {
  abstract resolve(
    token: string | null,
    now: Date,
    options?: { fresh?: boolean },
  ): Promise<Authentication | null>;
  abstract roleIn(
    token: string | null,
    now: Date,
    poolKey: string,
  ): Promise<{ auth: Authentication; role: PoolRole | null } | null>;
  abstract onRevoked(listener: (sessionId: string) => void): () => void;
}
