export const sessionCookieName = 'treble_session';

/** A cookie's value from a `Cookie` header, if the header has it. */
export function cookieValue(cookieHeader: string | string[] | undefined, name: string): string | null {
  const header = Array.isArray(cookieHeader) ? cookieHeader.join('; ') : cookieHeader;
  for (const pair of header?.split(';') ?? []) {
    const index = pair.indexOf('=');
    if (index >= 0 && pair.slice(0, index).trim() === name) return pair.slice(index + 1).trim();
  }
  return null;
}

/** The session token from a `Cookie` header (HTTP request or Socket.IO handshake), if any. */
export function readSessionToken(cookieHeader: string | string[] | undefined): string | null {
  const value = cookieValue(cookieHeader, sessionCookieName);
  // Tokens are base64url: anything else is not one of ours.
  return value !== null && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : null;
}
