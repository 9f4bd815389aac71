import type { MatchFinishedNotice, NoticeNews, QueryKey, ResultRecordedNotice } from '@treble/contracts';

/** One batch of keys to send: to every browser (`audience` null) or to one room of them. */
export interface CoalescedNotice {
  audience: string | null;
  readModels: string[];
  queryKeys: QueryKey[];
  position: bigint;
  /** Toasts that ride the notice (absent when none). */
  news?: NoticeNews;
}

/** Each audience's notices are at least this far apart. */
const windowMs = 250;

/**
 * Longest a notice waits for the projections still behind its position (a result's tables are
 * two projections', its toast the command's): one notice then says all of it. A projection that
 * lags longer (a rebuild, a deadline's backlog) does not hold the others' news back further.
 */
const holdAtMostMs = 1_000;

interface Pending {
  readModels: Set<string>;
  keys: Map<string, QueryKey>;
  position: bigint;
  matchesFinished: MatchFinishedNotice[];
  /** The latest result of each option. */
  resultsRecorded: Map<string, ResultRecordedNotice>;
}

/**
 * Sends each audience (every browser, or a room: a pool, its admins, one user) at most one `read-model-changed` notice per window:
 * the first change goes out at once; changes within the window after it are merged (keys
 * deduplicated, newest position) into one notice at the window's end. At a deadline rush this turns
 * hundreds of notices a second into four.
 *
 * A notice also waits (at most `holdAtMostMs`) until `settled` says every projection of this
 * process has passed its position, and the toasts of the news that made it (`news`) ride along:
 * a result is one notice per audience, its toast with the keys of every table it changed, not two
 * notices and a toast.
 */
export class NoticeCoalescer {
  private readonly pending = new Map<string | null, Pending>();
  private readonly lastSent = new Map<string | null, number>();
  private readonly timers = new Map<string | null, NodeJS.Timeout>();
  /** The audiences whose notice waits for the projections, each with the position they must pass. */
  private readonly held = new Map<string | null, bigint>();

  constructor(
    private readonly send: (notice: CoalescedNotice) => void,
    private readonly settled: (position: bigint) => boolean = () => true,
  ) {}

  add(
    audience: string | null,
    readModels: readonly string[],
    queryKeys: readonly QueryKey[],
    position: bigint,
    news: NoticeNews = {},
  ): void {
    const { matchesFinished = [], resultsRecorded = [] } = news;
    if (queryKeys.length + readModels.length + matchesFinished.length + resultsRecorded.length === 0) return;
    const pending: Pending = this.pending.get(audience) ?? {
      readModels: new Set<string>(),
      keys: new Map<string, QueryKey>(),
      position,
      matchesFinished: [],
      resultsRecorded: new Map(),
    };
    for (const model of readModels) pending.readModels.add(model);
    for (const key of queryKeys) pending.keys.set(JSON.stringify(key), key);
    pending.matchesFinished.push(...matchesFinished);
    for (const result of resultsRecorded) pending.resultsRecorded.set(result.optionId, result);
    if (position > pending.position) pending.position = position;
    this.pending.set(audience, pending);
    if (this.timers.has(audience)) return;
    const wait = (this.lastSent.get(audience) ?? -Infinity) + windowMs - Date.now();
    if (wait <= 0) {
      this.due(audience);
      return;
    }
    this.after(audience, wait, () => this.due(audience));
  }

  /**
   * Its window has passed: sent, unless projections are still behind the position it had then
   * (later changes do not move that mark, so a rush cannot hold it for ever).
   */
  private due(audience: string | null): void {
    const pending = this.pending.get(audience);
    if (!pending) return;
    if (this.settled(pending.position)) {
      this.flush(audience);
      return;
    }
    this.held.set(audience, pending.position);
    this.after(audience, holdAtMostMs, () => this.flush(audience));
  }

  /** A projection moved on: the notices it held back go once every projection has passed their mark. */
  recheck(): void {
    for (const [audience, mark] of this.held) {
      if (!this.settled(mark)) continue;
      clearTimeout(this.timers.get(audience));
      this.timers.delete(audience);
      this.flush(audience);
    }
  }

  private after(audience: string | null, ms: number, then: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(audience);
      then();
    }, ms);
    this.timers.set(audience, timer.unref());
  }

  private flush(audience: string | null): void {
    const pending = this.pending.get(audience);
    if (!pending) return;
    this.pending.delete(audience);
    this.held.delete(audience);
    // One time per audience that was sent to (at most one per user): a scan here would cost
    // every flush the whole pool at a deadline rush.
    this.lastSent.set(audience, Date.now());
    const news: NoticeNews = {};
    if (pending.matchesFinished.length > 0) news.matchesFinished = pending.matchesFinished;
    if (pending.resultsRecorded.size > 0) news.resultsRecorded = [...pending.resultsRecorded.values()];
    this.send({
      audience: audience,
      readModels: [...pending.readModels],
      queryKeys: [...pending.keys.values()],
      position: pending.position,
      ...(Object.keys(news).length > 0 ? { news } : {}),
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
  news?: NoticeNews;
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
    const key = JSON.stringify([notice.audience === null, notice.readModels, notice.queryKeys, notice.news]);
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
