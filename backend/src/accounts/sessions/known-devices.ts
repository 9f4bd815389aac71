import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Database } from '../../platform/database/database.js';
import { cookieValue } from './session-cookie.js';

export const deviceCookieName = 'treble_device';

/** A browser stays known for a year after its last sign-in. */
const rememberedForMs = 365 * 24 * 60 * 60_000;
const secretName = 'known-device-key';
const wellFormed = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/**
 * Known devices: a browser that signed in to an account gets a cookie naming the account and a
 * random device id, signed with a key of the pool (HMAC-SHA256; the key is made on first use and
 * kept in `pool_secrets`, so every instance and every restart checks the same way). HttpOnly,
 * SameSite=Strict and sent only to /api/auth: a script cannot read it, another site cannot use it.
 * It lets the owner past the budget of an account under attack (sign-in-rate-limiter.ts); it is
 * never a session and signs nobody in by itself.
 */
@Injectable()
export class KnownDevices {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Marks this browser as a device that signed in to `userId`. */
  async remember(response: Response, userId: string): Promise<void> {
    const device = randomBytes(16).toString('base64url');
    response.cookie(deviceCookieName, `${userId}.${device}.${await this.sign(userId, device)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.accounts.cookieSecure,
      path: '/api/auth',
      maxAge: rememberedForMs,
    });
  }

  /** The device id when the request's cookie shows a device that signed in to `userId`, else null. */
  async recognize(cookieHeader: string | undefined, userId: string): Promise<string | null> {
    const value = cookieValue(cookieHeader, deviceCookieName);
    const match = value === null ? null : wellFormed.exec(value);
    if (match === null || match[1] !== userId) return null;
    const expected = Buffer.from(await this.sign(userId, match[2]!));
    const given = Buffer.from(match[3]!);
    return expected.length === given.length && timingSafeEqual(expected, given) ? match[2]! : null;
  }

  private async sign(userId: string, device: string): Promise<string> {
    this.key ??= this.loadKey().catch((error: unknown) => {
      this.key = null;
      throw error;
    });
    return createHmac('sha256', await this.key)
      .update(`${userId}.${device}`)
      .digest('base64url');
  }

  private async loadKey(): Promise<Buffer> {
    await this.database.query(
      'INSERT INTO pool_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
      [secretName, randomBytes(32).toString('base64url')],
    );
    const { rows } = await this.database.query<{ value: string }>(
      'SELECT value FROM pool_secrets WHERE name = $1',
      [secretName],
    );
    return Buffer.from(rows[0]!.value, 'base64url');
  }
}
