import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's lightest recommended setting (19 MiB, 2 passes, 1 lane): safe against
 * offline guessing, yet cheap enough that a 2-core server survives a burst of sign-ins.
 */
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

@Injectable()
export class PasswordHasher {
  /** A hash of nothing, made at start-up so even the first unknown e-mail costs a normal check. */
  private readonly dummy: Promise<string>;

  constructor() {
    this.dummy = this.hash(randomBytes(16).toString('hex'));
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, options);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * Spends the same time as a real check, for a sign-in with an unknown e-mail: the answer time
   * must not tell whether an account exists.
   */
  async verifyNothing(password: string): Promise<false> {
    await this.verify(await this.dummy, password);
    return false;
  }
}
