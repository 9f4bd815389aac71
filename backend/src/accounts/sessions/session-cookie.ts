import type { Response } from 'express';

export const sessionCookieName = 'treble_session';

/** The session token from a `Cookie` header (HTTP request or Socket.IO handshake), if any. */
export function readSessionToken(cookieHeader: string | string[] | undefined): string | null {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : cookieHeader;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== sessionCookieName) continue;
    const value = pair.slice(index + 1).trim();
    // Tokens are base64url: anything else is not one of ours.
    return /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
  }
  return null;
}

/**
 * HttpOnly (scripts cannot read it), SameSite=Lax (not sent with cross-site POSTs), Secure when
 * the pool is served over HTTPS, and gone by the session's absolute expiry. The lifetime is sent
 * as Max-Age, relative to the browser's own clock: the pool's clock may be pinned (POOL_NOW).
 */
export function setSessionCookie(
  response: Response,
  token: string,
  lifetimeMs: number,
  secure: boolean,
): void {
  response.cookie(sessionCookieName, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.max(0, lifetimeMs),
  });
}

export function clearSessionCookie(response: Response, secure: boolean): void {
  response.clearCookie(sessionCookieName, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
