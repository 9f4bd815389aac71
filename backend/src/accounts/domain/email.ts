import { createHash } from 'node:crypto';

/**
 * E-mail addresses are compared case-insensitively: `Ann@Example.com` and `ann@example.com` are one
 * account. Everything stores and looks up the normalized form.
 */
export function normalizeEmail(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

/** Shape check only (something@domain.tld); deliverability is the mail server's business. */
export function isPlausibleEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/**
 * The stream that reserves one normalized e-mail address. Its id carries a hash, not the address,
 * so stream ids (indexed, logged) hold no personal data.
 */
export function emailReservationStreamId(normalizedEmail: string): string {
  return `user-email-${createHash('sha256').update(normalizedEmail).digest('hex')}`;
}
