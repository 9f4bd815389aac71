import type { EventEmitter } from 'node:events';
import type { EventStore, SubscribeOptions, Subscription, SubscriptionHandler } from './event-store.port.js';

/**
 * A catch-up subscription by reading the log in batches: wakes at once on an append in this
 * process, and polls for appends made by other processes.
 */
export class PollingSubscription implements Subscription {
  private current: bigint;
  private stopped = false;
  private wake: (() => void) | null = null;
  /** Set by an append seen while reading, so the loop reads again instead of sleeping. */
  private appendSeen = false;
  private readonly done: Promise<void>;
  private readonly onAppend = () => {
    this.appendSeen = true;
    this.wake?.();
  };

  constructor(
    private readonly store: Pick<EventStore, 'readAll'>,
    private readonly appended: EventEmitter,
    private readonly handler: SubscriptionHandler,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
  ) {
    this.current = options.after;
    appended.on('appended', this.onAppend);
    this.done = this.run();
  }

  get position(): bigint {
    return this.current;
  }

  private async run(): Promise<void> {
    const batchSize = this.options.batchSize ?? 500;
    try {
      while (!this.stopped) {
        this.appendSeen = false;
        const events = await this.store.readAll({ after: this.current, maxCount: batchSize });
        if (this.stopped) break;
        if (events.length > 0) {
          await this.handler(events);
          this.current = events[events.length - 1]!.position;
          continue;
        }
        if (this.appendSeen) continue;
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            this.wake = null;
            resolve();
          };
          const timer = setTimeout(done, this.pollIntervalMs);
          this.wake = done;
        });
      }
    } catch (error) {
      this.stopped = true;
      this.options.onError?.(error);
    } finally {
      this.appended.off('appended', this.onAppend);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done;
  }
}
