import nodemailer, { type Transporter } from 'nodemailer';
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

class SmtpMailer implements Mailer {
  readonly configured = true;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Short timeouts: an admin waits on this request, and a dead mail server must turn into the
    // "copy the link instead" answer quickly rather than after nodemailer's two-minute default.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

class NoMailer implements Mailer {
  readonly configured = false;
  async send(): Promise<void> {
    throw new Error('No SMTP server is configured (SMTP_URL)');
  }
}

export function createMailer(config: Pick<AccountsConfig, 'smtpUrl' | 'mailFrom'>): Mailer {
  return config.smtpUrl === null ? new NoMailer() : new SmtpMailer(config.smtpUrl, config.mailFrom);
}
