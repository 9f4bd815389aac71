import type { AppConfig } from '../platform/config/config.js';

/**
 * Where a link the browser shows points: under PUBLIC_URL when it is set, else a path from the
 * pool's root (`/register?invite=…`) that the web app completes with its own address. Never from
 * the request: its Host and X-Forwarded-Host headers are whatever the caller chose to send.
 */
export function pageLinkBase(config: Pick<AppConfig, 'publicUrl'>): string {
  return config.publicUrl === null ? '' : config.publicUrl.replace(/\/+$/, '');
}

/**
 * Where a link in an e-mail points: PUBLIC_URL alone. The configuration refuses SMTP_URL without
 * PUBLIC_URL, so a pool that sends mail always has one.
 */
export function mailLinkBase(config: Pick<AppConfig, 'publicUrl'>): string {
  if (config.publicUrl === null) throw new Error('Links in e-mails need PUBLIC_URL');
  return pageLinkBase(config);
}

/** The link that opens the registration page with the invitation filled in. */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/register?invite=${encodeURIComponent(token)}`;
}
