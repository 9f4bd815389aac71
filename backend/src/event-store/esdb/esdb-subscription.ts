import {
  CancelledError,
  DeadlineExceededError,
  START,
  UnavailableError,
  excludeSystemEvents,
  type EventStoreDBClient,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type {
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from '../event-store.port.js';
import { toRecordedEvent } from './recorded-event.js';

/** Connection trouble worth subscribing again for (a restart, a leader change, a dropped socket). */
function isTransient(error: unknown): boolean {
  return (
    error instanceof UnavailableError ||
    error instanceof CancelledError ||
    error instanceof DeadlineExceededError
  );
}

class HandlerFailed {
  constructor(readonly error: unknown) {}
}

/**
 * A catch-up subscription to `$all` that leaves out system events on the server (event-type filter)
 * and hands our events to the handler in batches, one batch at a time and in order. While the
 * handler works, events keep arriving into a buffer; a full buffer pauses the gRPC stream.
 * A dropped connection subscribes again from the last acknowledged position; a failing handler
 * stops the subscription and is reported through `onError`.
 */
export class EsdbSubscription implements Subscription {
  private current: bigint;
  private stopped = false;
  private wake: (() => void) | null = null;
  private readonly done: Promise<void>;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly handler: SubscriptionHandler,
    private readonly options: SubscribeOptions,
    private readonly onStopped: () => void,
  ) {
    this.current = options.after;
    this.done = this.run();
  }

  get position(): bigint {
    return this.current;
  }

  private async run(): Promise<void> {
    let retryDelay = 100;
    try {
      while (!this.stopped) {
        const outcome = await this.follow();
        if (outcome === 'stopped') break;
        if (outcome instanceof HandlerFailed) {
          this.stopped = true;
          this.options.onError?.(outcome.error);
          break;
        }
        if (outcome !== 'ended' && !isTransient(outcome)) {
          this.stopped = true;
          this.options.onError?.(outcome);
          break;
        }
        await this.sleep(retryDelay);
        retryDelay = Math.min(retryDelay * 2, 5_000);
      }
    } finally {
      this.onStopped();
    }
  }

  /** One gRPC subscription, until it stops, ends, fails, or the handler fails. */
  private async follow(): Promise<'stopped' | 'ended' | HandlerFailed | Error> {
    const batchSize = this.options.batchSize ?? 500;
    const subscription = this.client.subscribeToAll({
      fromPosition: this.current === 0n ? START : { commit: this.current, prepare: this.current },
      filter: excludeSystemEvents(),
    });
    const queue: RecordedEvent[] = [];
    let ended = false;
    let failure: Error | null = null;
    const notify = () => this.wake?.();
    subscription.on('data', (resolved: ResolvedEvent) => {
      // The server starts after the position it is given; this only guards against a replay of
      // what the handler already acknowledged.
      const event = toRecordedEvent(resolved);
      if (event && event.position > this.current) queue.push(event);
      if (queue.length >= batchSize * 2) subscription.pause();
      notify();
    });
    subscription.on('error', (error: Error) => {
      failure = error;
      notify();
    });
    subscription.on('end', () => {
      ended = true;
      notify();
    });
    subscription.on('close', () => {
      ended = true;
      notify();
    });
    try {
      while (!this.stopped) {
        if (queue.length > 0) {
          const batch = queue.splice(0, batchSize);
          try {
            await this.handler(batch);
          } catch (error) {
            return new HandlerFailed(error);
          }
          this.current = batch[batch.length - 1]!.position;
          if (queue.length < batchSize && subscription.isPaused()) subscription.resume();
          continue;
        }
        if (failure) return failure;
        if (ended) return 'ended';
        await new Promise<void>((resolve) => {
          this.wake = () => {
            this.wake = null;
            resolve();
          };
        });
      }
      return 'stopped';
    } finally {
      subscription.removeAllListeners('data');
      subscription.on('error', () => {});
      await subscription.unsubscribe().catch(() => undefined);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
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
