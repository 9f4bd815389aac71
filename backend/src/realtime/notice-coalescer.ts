import type { QueryKey } from '@treble/contracts';

/** One batch of keys to send: to every browser (`audience` null) or to one room of them. */
export interface CoalescedNotice {
  audience: string | null;
  readModels: string[];
  queryKeys: QueryKey[];
  position: bigint;
}

/** Each audience's notices are at least this far apart. */
const windowMs = 250;

interface Pending {
  readModels: Set<string>;
  keys: Map<string, QueryKey>;
  position: bigint;
}

/**
 * Sends each audience (every browser, or a room: a pool, its admins, one user) at most one `read-model-changed` notice per window:
 * the first change goes out at once; changes within the window after it are merged (keys
 * deduplicated, newest position) into one notice at the window's end. At a deadline rush this turns
 * hundreds of notices a second into four.
 */
export class NoticeCoalescer {
  private readonly pending = new Map<string | null, Pending>();
  private readonly lastSent = new Map<string | null, number>();
  private readonly timers = new Map<string | null, NodeJS.Timeout>();

  constructor(private readonly send: (notice: CoalescedNotice) => void) {}

  add(
    audience: string | null,
    readModels: readonly string[],
    queryKeys: readonly QueryKey[],
    position: bigint,
  ): void {
    if (queryKeys.length === 0 && readModels.length === 0) return;
    const pending = this.pending.get(audience) ?? {
      readModels: new Set<string>(),
      keys: new Map<string, QueryKey>(),
      position,
    };
    for (const model of readModels) pending.readModels.add(model);
    for (const key of queryKeys) pending.keys.set(JSON.stringify(key), key);
    if (position > pending.position) pending.position = position;
    this.pending.set(audience, pending);
    if (this.timers.has(audience)) return;
    const wait = (this.lastSent.get(audience) ?? -Infinity) + windowMs - Date.now();
    if (wait <= 0) {
      this.flush(audience);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(audience);
      this.flush(audience);
    }, wait);
    this.timers.set(audience, timer.unref());
  }

  private flush(audience: string | null): void {
    const pending = this.pending.get(audience);
    if (!pending) return;
    this.pending.delete(audience);
    // One time per audience that was sent to (at most one per user): a scan here would cost
    // every flush the whole pool at a deadline rush.
    this.lastSent.set(audience, Date.now());
    this.send({
      audience: audience,
      readModels: [...pending.readModels],
      queryKeys: [...pending.keys.values()],
      position: pending.position,
    });
  }

  /** Sends whatever is waiting now (shutdown) and stops the timers. */
  close(): void {
    for (const [audience, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(audience);
      this.flush(audience);
    }
  }
}

/** Notices of the same keys for several rooms, sent as one emit to all of them. */
export interface SharedNotice {
  /** The rooms, or null: every browser. */
  rooms: string[] | null;
  readModels: string[];
  queryKeys: QueryKey[];
  position: bigint;
}

/**
 * Notices sent at once (one projector batch's, say), as few emits as carry them: those with the same
 * read models and keys go to all their rooms in one emit, at the newest of their positions (a later
 * position only makes a browser that waits for it wait for that batch, which is committed). With
 * several instances each emit is one `NOTIFY`: a rush across a thousand pools sends a handful per
 * batch, not one per pool.
 */
export function shared(notices: readonly CoalescedNotice[]): SharedNotice[] {
  const groups = new Map<string, SharedNotice>();
  for (const notice of notices) {
    const key = JSON.stringify([notice.audience === null, notice.readModels, notice.queryKeys]);
    const group = groups.get(key);
    if (group === undefined) {
      const { audience, ...rest } = notice;
      groups.set(key, { ...rest, rooms: audience === null ? null : [audience] });
      continue;
    }
    if (notice.audience !== null) group.rooms?.push(notice.audience);
    if (notice.position > group.position) group.position = notice.position;
  }
  return [...groups.values()];
}
