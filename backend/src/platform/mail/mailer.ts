import nodemailer from 'nodemailer';
import type { AccountsConfig } from '../config/config.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (e.g. List-Unsubscribe). */
  headers?: Record<string, string>;
}

/** Sends mail through the SMTP server of `SMTP_URL`; a pool without one can still share links. */
export interface Mailer {
  readonly configured: boolean;
  /** Rejects when the mail server cannot be reached or refuses the message. */
  send(message: MailMessage): Promise<void>;
}

export const MAILER = Symbol('MAILER');

export function createMailer(config: Pick<AccountsConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  if (config.smtpUrl === null) {
    return {
      configured: false,
      send: () => Promise.reject(new Error('No SMTP server is configured (SMTP_URL)')),
    };
  }
  // Short timeouts: an admin waits on this request, and a dead mail server must turn into the
  // "copy the link instead" answer quickly rather than after nodemailer's two-minute default.
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    configured: true,
    async send(message) {
      await transport.sendMail({ from: config.mailFrom, ...message });
    },
  };
}
