import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type AuthSession, type User } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Database } from '../../platform/database/database.js';
import { personColumns, toUser, type UserRow } from '../queries/users/user.entity.js';

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
  session: AuthSession;
}

interface ResolvedRow extends UserRow {
  member: boolean;
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
 * met and whenever their user signs in.
 */
@Injectable()
export class SessionStore {
  private readonly idleMs: number;
  private readonly absoluteMs: number;
  private readonly revoked = new EventEmitter();

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleMs = config.accounts.sessionIdleMinutes * 60_000;
    this.absoluteMs = config.accounts.sessionAbsoluteMinutes * 60_000;
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
   * when that is older than `touchAfterMs`.
   */
  async resolve(token: string | null, now: Date): Promise<Authentication | null> {
    if (token === null) return null;
    const { rows } = await this.database.query<ResolvedRow & { expired: boolean; touched: boolean }>(
      `WITH found AS (
         SELECT s.id AS session_id, s.last_seen_at, s.expires_at, ${personColumns},
                m.user_id IS NOT NULL AS member,
                (s.expires_at <= $2 OR s.last_seen_at <= $3) AS expired
         FROM user_sessions s JOIN persons p ON p.id = s.user_id
              LEFT JOIN memberships m ON m.user_id = p.id AND m.pool_id = ''
         WHERE s.token_hash = $1 AND m.active IS NOT FALSE
       ), ended AS (
         DELETE FROM user_sessions WHERE id IN (SELECT session_id FROM found WHERE expired)
       ), touched AS (
         UPDATE user_sessions SET last_seen_at = $2
         WHERE id IN (SELECT session_id FROM found WHERE NOT expired AND last_seen_at <= $4)
         RETURNING id
       )
       SELECT found.*, EXISTS (SELECT 1 FROM touched) AS touched FROM found`,
      [hashToken(token), now, new Date(now.getTime() - this.idleMs), new Date(now.getTime() - touchAfterMs)],
    );
    const row = rows[0];
    if (!row || row.expired) return null;
    const lastSeen = row.touched ? now : row.last_seen_at;
    return {
      sessionId: row.session_id,
      user: toUser(row),
      memberOfDefaultPool: row.member,
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
    for (const row of rows) this.revoked.emit('revoked', row.id);
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
  abstract resolve(token: string | null, now: Date): Promise<Authentication | null>;
  abstract onRevoked(listener: (sessionId: string) => void): () => void;
}
