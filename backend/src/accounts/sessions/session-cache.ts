import { Logger } from '@nestjs/common';
import pg from 'pg';

/** The channel on which instances tell each other that sessions ended or people changed. */
const channel = 'treble_sessions';
/** How many signed-in sessions a process keeps. */
const maxEntries = 100_000;

interface Entry<Value> {
  value: Value;
  sessionId: string;
  userId: string;
  checkedAt: number;
}

/**
 * Sessions this process has resolved, so a signed-in request skips the session statement (issue 27,
 * docs/adr/018). An entry is used for at most `freshForMs` after the session's `last_seen_at` it
 * holds (`checkedAt`): after that the database moves `last_seen_at` on, exactly as often as before
 * the cache. It is forgotten when:
 * - a session ends or a person is erased in this process (`forgetSession`, `forgetUser`);
 * - a person's account or membership changes (`forgetAll`, told by the users projection);
 * - another instance says either (Postgres `NOTIFY` on `treble_sessions`, every instance
 *   listening). On a Postgres server the cache is used only while this process listens: a lost
 *   listening connection empties it and turns it off until it listens again. The embedded database
 *   is one process's alone, so there it needs no listening.
 * An answer read from the database while something was forgotten is not kept (`generation`).
 */
export class SessionCache<Value> {
  private readonly entries = new Map<string, Entry<Value>>();
  private generation = 0;
  private listening: pg.Client | null = null;
  private trusted: boolean;
  private stopped = false;
  private readonly logger = new Logger('SessionCache');

  constructor(
    private readonly serverUrl: string | null,
    private readonly freshForMs: number,
  ) {
    this.trusted = serverUrl === null;
  }

  /** Listens to the other instances (on a Postgres server); tries again after a lost connection. */
  async start(): Promise<void> {
    if (this.serverUrl === null || this.stopped) return;
    const client = new pg.Client({ connectionString: this.serverUrl });
    const lost = () => {
      if (this.listening !== client) return;
      this.listening = null;
      this.trusted = false;
      this.forgetAll();
      client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.start(), 1_000).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.forgetAll());
    try {
      this.listening = client;
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      this.trusted = true;
    } catch (error) {
      this.logger.warn(`Not listening for ended sessions (${String(error)}); sessions are not cached`);
      lost();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.trusted = false;
    const client = this.listening;
    this.listening = null;
    await client?.end().catch(() => undefined);
  }

  /** The kept answer for a token's hash, while it is fresh. */
  get(key: string, now: number): Value | undefined {
    const entry = this.trusted ? this.entries.get(key) : undefined;
    if (entry === undefined) return undefined;
    if (now - entry.checkedAt >= this.freshForMs || now < entry.checkedAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Where the cache stands before a database read: pass it to `keep`. */
  mark(): number {
    return this.generation;
  }

  /** Keeps an answer read from the database, unless something was forgotten since `mark`. */
  keep(key: string, entry: Entry<Value>, mark: number): void {
    if (!this.trusted || mark !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  forgetSession(sessionId: string): void {
    this.forgetWhere((entry) => entry.sessionId === sessionId);
  }

  forgetUser(userId: string): void {
    this.forgetWhere((entry) => entry.userId === userId);
  }

  forgetAll(): void {
    this.generation++;
    this.entries.clear();
  }

  private forgetWhere(matches: (entry: Entry<Value>) => boolean): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (matches(entry)) this.entries.delete(key);
  }

  /** What the other instances must hear after sessions ended here or people changed. */
  static readonly notifySql = `SELECT pg_notify('${channel}', '')`;
}
