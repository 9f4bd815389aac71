import { EventEmitter, once } from 'node:events';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.port.js';
import type { EngineLogger } from './projection.js';

/** What the feed sees of a projection followed live: where it stands, and the batches queued for it. */
export interface FeedQueue {
  /** The position its committed checkpoint stands at. */
  position: bigint;
  /** Batches of the log, each with the position it follows. */
  queue: { after: bigint; events: RecordedEvent[] }[];
  /** On the feed (not stopped, failed, or waiting to resume). */
  receiving: boolean;
  wake: (() => void) | null;
}

/** The shared subscription to the log, and the position of the last batch it handed out. */
interface Feed {
  subscription: Subscription | null;
  position: bigint;
  closed: boolean;
}

/** How many batches a projection may have waiting before the feed stops reading for it. */
const maxQueuedBatches = 4;

/**
 * The one reader of the log that feeds every projection followed live: it queues each batch it
 * reads for every projection on it, and stops reading while one of them has `maxQueuedBatches`
 * waiting. Each projection takes its batches off its queue at its own pace (runners.ts).
 */
export class LogFeed<Queue extends FeedQueue> {
  private feed: Feed | null = null;
  private chain: Promise<void> = Promise.resolve();
  private restarting: Promise<void> | null = null;
  /** A runner took batches off its queue or stopped: the feed may read on. */
  private readonly progress = new EventEmitter().setMaxListeners(0);

  constructor(
    private readonly eventStore: EventStore,
    private readonly batchSize: number,
    private readonly logger: EngineLogger,
    /** Every projection followed live, those off the feed included. */
    private readonly queues: () => Iterable<Queue>,
    private readonly stopping: () => boolean,
    /** The log cannot be read: `queue`'s projection stops here. */
    private readonly failed: (queue: Queue, error: unknown) => void,
  ) {}

  /** A projection joins at `from`: when the feed is past it, it reads again from there for everyone. */
  join(from: bigint): void {
    if (!this.feed || from < this.feed.position) this.restart();
  }

  /** A runner took batches off its queue or left the feed. */
  moved(): void {
    this.progress.emit('progress');
  }

  /** Resolves once the restarts asked for so far are done. */
  settled(): Promise<void> {
    return this.chain;
  }

  /**
   * (Re)starts the one subscription to the log, from the position of the projection furthest
   * behind. Restarts queue up behind each other; several asked for at once make one.
   */
  private restart(): void {
    if (this.restarting) return;
    const restart = this.chain.then(async () => {
      this.restarting = null;
      await this.close();
      const receiving = [...this.queues()].filter((queue) => queue.receiving);
      if (this.stopping() || receiving.length === 0) return;
      const from = receiving.reduce(
        (min, queue) => (queue.position < min ? queue.position : min),
        receiving[0]!.position,
      );
      const feed: Feed = { subscription: null, position: from, closed: false };
      this.feed = feed;
      feed.subscription = this.eventStore.subscribe((events) => this.hand(feed, events), {
        after: from,
        batchSize: this.batchSize,
        onError: (error) => {
          if (this.stopping() || feed.closed) return;
          // The log cannot be read: every projection that followed it stops here.
          if (this.feed === feed) this.feed = null;
          for (const queue of this.queues()) {
            if (!queue.receiving) continue;
            queue.receiving = false;
            this.failed(queue, error);
          }
        },
      });
    });
    this.restarting = restart;
    this.chain = restart.catch((error: unknown) => this.logger.error(`Projection feed: ${String(error)}`));
  }

  async close(): Promise<void> {
    const feed = this.feed;
    if (!feed) return;
    this.feed = null;
    feed.closed = true;
    this.moved();
    await feed.subscription?.stop();
  }

  /** The feed read a batch: queued for every projection on it; waits while one is far behind. */
  private async hand(feed: Feed, events: RecordedEvent[]): Promise<void> {
    if (feed.closed) return;
    for (const queue of this.queues()) {
      if (!queue.receiving) continue;
      queue.queue.push({ after: feed.position, events });
      queue.wake?.();
    }
    feed.position = events[events.length - 1]!.position;
    const behind = () =>
      !feed.closed &&
      [...this.queues()].some((queue) => queue.receiving && queue.queue.length >= maxQueuedBatches);
    while (behind()) await once(this.progress, 'progress');
  }
}
