import { Inject, Injectable } from '@nestjs/common';
import { Interval } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { Database } from '../../platform/database/database.js';

/** How long Treble keeps what a sign-in leaves behind once it is of no use (README, "Privacy"). */
export const accountRetention = {
  /** A used or expired password reset link is deleted a day later. */
  resetTokenDays: 1,
  sweepEveryMs: 3_600_000,
};

/**
 * Deletes, every hour, sessions that have ended (absolute or idle expiry) and reset links a day
 * after they were used or expired. Idempotent, so every instance may run it.
 */
@Injectable()
export class AccountRetention {
  private readonly idleMs: number;

  constructor(
    private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.idleMs = config.accounts.sessionIdleMinutes * 60_000;
  }

  @Interval('account-retention', accountRetention.sweepEveryMs)
  async sweep(): Promise<{ sessions: number; resetTokens: number }> {
    const now = this.clock.now();
    const { rowCount: sessions } = await this.database.query(
      'DELETE FROM user_sessions WHERE expires_at <= $1 OR last_seen_at <= $2',
      [now, new Date(now.getTime() - this.idleMs)],
    );
    const dayAgo = new Date(now.getTime() - accountRetention.resetTokenDays * 86_400_000);
    const { rowCount: resetTokens } = await this.database.query(
      'DELETE FROM password_reset_tokens WHERE expires_at <= $1 OR used_at <= $1',
      [dayAgo],
    );
    return { sessions, resetTokens };
  }
}
