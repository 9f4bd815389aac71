import { InstanceSignal } from '../../platform/cluster/instance-signal.js';
import type { Sql } from '../../platform/database/sql.js';

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
  /** The channel on which instances tell each other that sessions ended or people changed. */
  private readonly signal: InstanceSignal;

  constructor(
    serverUrl: string | null,
    private readonly freshForMs: number,
  ) {
    this.signal = new InstanceSignal(serverUrl, 'treble_sessions', () => this.forgetAll());
  }

  start(): Promise<void> {
    return this.signal.start();
  }

  stop(): Promise<void> {
    return this.signal.stop();
  }

  /** Tells the other instances that sessions ended here or people changed. */
  tellOthers(database: Sql): Promise<void> {
    return this.signal.tell(database);
  }

  /** The kept answer for a token's hash, while it is fresh. */
  get(key: string, now: number): Value | undefined {
    const entry = this.signal.trusted ? this.entries.get(key) : undefined;
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

  /** Whether nothing was forgotten since `mark` (and the other instances are heard). */
  unchangedSince(mark: number): boolean {
    return this.signal.trusted && mark === this.generation;
  }

  /** Keeps an answer read from the database, unless something was forgotten since `mark`. */
  keep(key: string, entry: Entry<Value>, mark: number): void {
    if (!this.unchangedSince(mark)) return;
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
}
