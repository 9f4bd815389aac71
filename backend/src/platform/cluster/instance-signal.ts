import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { Sql } from '../database/sql.js';

const channelName = /^[a-z_]+$/;

/**
 * A Postgres `NOTIFY` channel on which the app's instances tell each other to forget what they keep
 * in memory (kept sessions, the pool directory): every instance listens, and hears every signal but
 * its own (named by its payload: the teller has already forgotten what it tells, and hearing it
 * again later would empty its memory for nothing, mid-way through reads). What is kept may be
 * trusted only while this process listens (`trusted`): a lost listening connection counts as a
 * signal (everything is forgotten) and turns trust off until it listens again. The embedded
 * database is one process's alone, so there it is always trusted.
 */
export class InstanceSignal {
  private listening: pg.Client | null = null;
  private listens: boolean;
  private stopped = false;
  private readonly logger = new Logger('InstanceSignal');
  /** The payload of this process's signals on the channel. */
  private readonly id = randomUUID();

  constructor(
    private readonly serverUrl: string | null,
    private readonly channel: string,
    private readonly heard: () => void,
  ) {
    if (!channelName.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    this.listens = serverUrl === null;
  }

  /** Whether what is kept can be trusted: on a Postgres server, only while this process listens. */
  get trusted(): boolean {
    return this.listens;
  }

  /**
   * Signals every other instance, on one of the app's own connections. Only on a Postgres server
   * (the embedded database is one process's); a failed signal is not the caller's failure: the
   * change it announces is already stored.
   */
  async tell(database: Sql): Promise<void> {
    if (this.serverUrl === null) return;
    await database.query(`SELECT pg_notify('${this.channel}', $1)`, [this.id]).catch(() => undefined);
  }

  /** The statement that signals every instance listening on `channel` (from a CLI command). */
  static sqlFor(channel: string): string {
    if (!channelName.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    return `SELECT pg_notify('${channel}', '')`;
  }

  /** Listens to the other instances (on a Postgres server); tries again after a lost connection. */
  async start(): Promise<void> {
    if (this.serverUrl === null || this.stopped) return;
    const client = new pg.Client({ connectionString: this.serverUrl });
    const lost = () => {
      if (this.listening !== client) return;
      this.listening = null;
      this.listens = false;
      this.heard();
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.start(), 1_000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (signal) => {
      if (signal.payload !== this.id) this.heard();
    });
    try {
      this.listening = client;
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      this.listens = true;
    } catch (error) {
      this.logger.warn(`Not listening on ${this.channel} (${String(error)}); nothing is kept meanwhile`);
      lost();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.listens = false;
    const client = this.listening;
    this.listening = null;
    await client?.end().catch(() => undefined);
  }
}
