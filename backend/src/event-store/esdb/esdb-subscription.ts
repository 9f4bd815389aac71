import {
  CancelledError,
  DeadlineExceededError,
  START,
  UnavailableError,
  excludeSystemEvents,
  type EventStoreDBClient,
  type ResolvedEvent,
} from '@eventstore/db-client';
import type { RecordedEvent, SubscribeOptions, SubscriptionHandler } from '../event-store.port.js';
import { LoopSubscription } from '../polling-subscription.js';
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
export class EsdbSubscription extends LoopSubscription {
  constructor(
    private readonly client: EventStoreDBClient,
    private readonly handler: SubscriptionHandler,
    private readonly options: SubscribeOptions,
    private readonly onStopped: () => void,
  ) {
    super(options.after);
    this.done = this.run();
  }

  private async run(): Promise<void> {
    let retryDelay = 100;
    try {
      while (!this.stopped) {
        const outcome = await this.follow();
        if (outcome === 'stopped') break;
        if (outcome instanceof HandlerFailed || (outcome !== 'ended' && !isTransient(outcome))) {
          this.stopped = true;
          this.options.onError?.(outcome instanceof HandlerFailed ? outcome.error : outcome);
          break;
        }
        await this.pause(retryDelay);
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
    const onEnd = () => {
      ended = true;
      notify();
    };
    subscription.on('end', onEnd);
    subscription.on('close', onEnd);
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
        await this.pause();
      }
      return 'stopped';
    } finally {
      subscription.removeAllListeners('data');
      subscription.on('error', () => {});
      await subscription.unsubscribe().catch(() => undefined);
    }
  }
}
