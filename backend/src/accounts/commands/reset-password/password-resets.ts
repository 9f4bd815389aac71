import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { decideAndAppend } from '../../../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../../../event-store/event-store.port.js';
import { Database } from '../../../platform/database/database.js';
import { DomainError } from '../../../shared/domain/domain-error.js';
import { metadataFor, type CommandContext } from '../../../shared/domain/event.js';
import {
  checkPasswordPolicy,
  decideCompletePasswordReset,
  decideIssuePasswordReset,
  userModel,
  userStreamId,
} from '../../domain/index.js';
import { addressTag, countOne, sweepFinishedWindows } from '../../sessions/counted-windows.js';
import { CredentialStore } from '../../sessions/credential-store.js';
import { PasswordHasher } from '../../sessions/password-hasher.js';
import { SessionStore } from '../../sessions/session-store.js';

/** How long a reset link works: short when e-mailed, a day when an admin hands it over by hand. */
export const resetLinkLifetimeMs = { email: 60 * 60_000, admin: 24 * 60 * 60_000 } as const;

/**
 * "Forgot password" requests allowed per (fixed) window: per e-mail address and per client address;
 * and links mailed per account.
 */
export const resetRequestLimits = {
  windowMs: 60 * 60_000,
  perEmail: 3,
  perAddress: 10,
  perAccount: 3,
} as const;

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const wellFormedToken = /^[A-Za-z0-9_-]{43}$/;

export const invalidResetToken = (): DomainError =>
  new DomainError(
    ErrorCodes.RESET_TOKEN_INVALID,
    'This reset link is not valid any more (it works once and expires). Ask for a new one.',
  );

/**
 * Password reset links (docs/adr/004: secrets stay out of the event log). Only a SHA-256 hash of
 * a token is stored; using it is one conditional UPDATE, so a link works once even when two tabs
 * race. That a link was issued or used is appended to the user's stream (with its actor), so it
 * shows in the audit history; the token never is.
 */
@Injectable()
export class PasswordResets {
  constructor(
    private readonly database: Database,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly credentials: CredentialStore,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionStore,
  ) {}

  /** Issues a new link's token for an active member; earlier unused links of the user stop working. */
  async issue(
    userId: string,
    via: 'email' | 'admin',
    context: CommandContext,
  ): Promise<{ token: string; expiresAt: Date }> {
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (state) => decideIssuePasswordReset(state, { userId, via }),
      metadataFor(context),
    );
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(context.now.getTime() + resetLinkLifetimeMs[via]);
    await this.database.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
    await this.database.query(
      'INSERT INTO password_reset_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [hashToken(token), userId, context.now, expiresAt],
    );
    return { token, expiresAt };
  }

  /**
   * Sets the new password with a link's token: the token is spent, every session of the user ends
   * (whoever knew the old password is out) and the user id comes back for a fresh sign-in.
   */
  async reset(token: string, newPassword: string, context: Omit<CommandContext, 'actor'>): Promise<string> {
    if (!wellFormedToken.test(token)) throw invalidResetToken();
    // The policy first (it needs the account's address), so a refused password does not spend the link.
    const { rows: pending } = await this.database.query<{ email: string }>(
      `SELECT c.email FROM password_reset_tokens t JOIN user_credentials c ON c.user_id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > $2`,
      [hashToken(token), context.now],
    );
    if (pending[0] === undefined) throw invalidResetToken();
    checkPasswordPolicy(newPassword, pending[0].email);
    const { rows } = await this.database.query<{ user_id: string }>(
      `UPDATE password_reset_tokens SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING user_id::text AS user_id`,
      [hashToken(token), context.now],
    );
    const userId = rows[0]?.user_id;
    if (userId === undefined) throw invalidResetToken();
    await decideAndAppend(
      this.eventStore,
      userStreamId(userId),
      userModel,
      (state) => decideCompletePasswordReset(state, { userId }),
      metadataFor({ ...context, actor: userId }),
    );
    await this.credentials.setPasswordHash(userId, await this.hasher.hash(newPassword), context.now);
    await this.database.query('DELETE FROM password_reset_tokens WHERE user_id = $1', [userId]);
    await this.sessions.revokeAll(userId);
    return userId;
  }

  /**
   * Counts a "forgot password" request; 429 RATE_LIMITED once the e-mail or the client address has
   * used up its window. One statement counts and decides, so parallel requests cannot all pass; a
   * request refused for its e-mail does not count against the client address.
   */
  async countRequest(email: string, address: string, now: Date): Promise<void> {
    const windowStart = new Date(now.getTime() - resetRequestLimits.windowMs);
    const { rows } = await this.database.query<{ email: number; address: number | null }>(
      `WITH email AS (${countOne('SELECT $1, $3::timestamptz, 1', '$4')}),
       address AS (${countOne(`SELECT $2, $3::timestamptz, 1 FROM email WHERE email.failures <= ${resetRequestLimits.perEmail}`, '$4')})
       SELECT (SELECT failures FROM email) AS email, (SELECT failures FROM address) AS address`,
      [`reset-email:${addressTag(email)}`, `reset-address:${address}`, now, windowStart],
    );
    await sweepFinishedWindows(this.database, now);
    const { email: byEmail, address: byAddress } = rows[0]!;
    if (
      Number(byEmail) > resetRequestLimits.perEmail ||
      byAddress === null ||
      Number(byAddress) > resetRequestLimits.perAddress
    ) {
      throw new DomainError(
        ErrorCodes.RATE_LIMITED,
        'Too many reset requests. Please wait an hour and try again.',
      );
    }
  }

  /** Counts a link about to be mailed to the account; false once it has had its links this window. */
  async countMailedLink(userId: string, now: Date): Promise<boolean> {
    const { rows } = await this.database.query<{ failures: number }>(
      countOne('SELECT $1, $2::timestamptz, 1', '$3'),
      [`reset-account:${userId}`, now, new Date(now.getTime() - resetRequestLimits.windowMs)],
    );
    return Number(rows[0]!.failures) <= resetRequestLimits.perAccount;
  }
}
