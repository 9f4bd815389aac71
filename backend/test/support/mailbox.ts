import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  port: number;
  mails: ReceivedMail[];
  /** The next mail to `to` (one that arrives after this call). */
  next(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface ReceivedMail {
  to: string[];
  body: string;
}

/** A real SMTP server that keeps what it receives and hands each mail to whoever waits for it. */
export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => {
        // The body parts are quoted-printable: unfold soft line breaks and decode "=3D" before
        // anyone reads them. The header block is not encoded, so it is left as it is.
        const split = body.search(/\r?\n\r?\n/);
        const decoded =
          body.slice(0, split) +
          body
            .slice(split)
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const mail = { to: session.envelope.rcptTo.map((rcpt) => rcpt.address), body: decoded };
        mails.push(mail);
        for (const waiter of waiting.filter((w) => mail.to.includes(w.to))) {
          waiting.splice(waiting.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return {
    port,
    mails,
    /** The next mail to `to` (one that arrives after this call). */
    next: (to: string) => new Promise<ReceivedMail>((resolve) => waiting.push({ to, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
