import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { DomainError } from '../../shared/domain/domain-error.js';

/** Failed sign-ins allowed per window, before further attempts are refused until it passes. */
export const signInLimits = {
  windowMs: 15 * 60_000,
  perAddress: 10,
  perEmail: 5,
} as const;

interface Window {
  startedAt: number;
  failures: number;
}

/**
 * Limits failed sign-ins per client address and per e-mail (fixed windows on the injected clock).
 * Only failures count, so a family behind one address signing in normally is never blocked, and a
 * success clears its e-mail's count. The counts live in this process: enough for one app instance;
 * several instances will share them through the database.
 */
@Injectable()
export class SignInRateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  private current(key: string, now: number): Window | null {
    const window = this.windows.get(key);
    if (!window) return null;
    if (now - window.startedAt >= signInLimits.windowMs) {
      this.windows.delete(key);
      return null;
    }
    return window;
  }

  /** Throws 429 RATE_LIMITED when the address or the e-mail has used up its failures. */
  check(address: string, email: string): void {
    const now = this.clock.now().getTime();
    const blocked = [
      { window: this.current(`address:${address}`, now), limit: signInLimits.perAddress },
      { window: this.current(`email:${email}`, now), limit: signInLimits.perEmail },
    ].filter(({ window, limit }) => window !== null && window.failures >= limit);
    if (blocked.length === 0) return;
    const retryAt = Math.max(...blocked.map(({ window }) => window!.startedAt + signInLimits.windowMs));
    const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
    throw new DomainError(
      ErrorCodes.RATE_LIMITED,
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }

  recordFailure(address: string, email: string): void {
    const now = this.clock.now().getTime();
    for (const key of [`address:${address}`, `email:${email}`]) {
      const window = this.current(key, now) ?? { startedAt: now, failures: 0 };
      window.failures += 1;
      this.windows.set(key, window);
    }
    this.sweep(now);
  }

  recordSuccess(email: string): void {
    this.windows.delete(`email:${email}`);
  }

  /** Drops finished windows now and then, so the map cannot grow without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= signInLimits.windowMs) this.windows.delete(key);
    }
  }
}
