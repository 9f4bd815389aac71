import type { Request } from 'express';
import type { AppConfig } from '../platform/config/config.js';

/** Where the pool is reached: PUBLIC_URL, else the address this request came to. */
export function publicBaseUrl(request: Request, config: Pick<AppConfig, 'publicUrl'>): string {
  if (config.publicUrl !== null) return config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}

/** The link that opens the registration page with the invitation filled in. */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/register?invite=${encodeURIComponent(token)}`;
}
