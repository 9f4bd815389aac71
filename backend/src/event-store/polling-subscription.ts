import type { EventEmitter } from 'node:events';
import type { EventStore, SubscribeOptions, Subscription, SubscriptionHandler } from './event-store.port.js';

/**
 * A subscription driven by one loop (`run`, started by the subclass once it is set up), which
 * sleeps in `pause` between reads; `stop` wakes it and resolves once the loop has ended.
 */
export abstract class LoopSubscription implements Subscription {
  protected current: bigint;
  protected stopped = false;
  protected wake: (() => void) | null = null;
  protected done: Promise<void> = Promise.resolve();

  constructor(after: bigint) {
    this.current = after;
  }

  get position(): bigint {
    return this.current;
  }

  /** Waits until something wakes the loop (an event, the end, an error, `stop`), or `ms` have passed. */
  protected pause(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.done;
  }
}

/**
 * A catch-up subscription by reading the log in batches: wakes at once on an append in this
 * process, and polls for appends made by other processes.
 */
export class PollingSubscription extends LoopSubscription {
  /** Set by an append seen while reading, so the loop reads again instead of sleeping. */
  private appendSeen = false;
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
    super(options.after);
    appended.on('appended', this.onAppend);
    this.done = this.run();
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
        await this.pause(this.pollIntervalMs);
      }
    } catch (error) {
      this.stopped = true;
      this.options.onError?.(error);
    } finally {
      this.appended.off('appended', this.onAppend);
    }
  }
}
