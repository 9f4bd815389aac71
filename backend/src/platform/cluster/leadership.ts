import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { LeaseStore } from './lease-store.js';

/** A name for this process among the app's instances: host, process id and a random part. */
export function newInstanceId(): string {
  return `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/** The time a leadership reads: when to try again, and how long ago the lease was last renewed. */
export interface LeadershipClock {
  /** Milliseconds on a monotonic clock. */
  now(): number;
  /** Runs `task` once after `ms`; the returned function cancels it. */
  schedule(task: () => void, ms: number): () => void;
}

const systemClock: LeadershipClock = {
  now: () => performance.now(),
  schedule(task, ms) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

export interface LeadershipOptions {
  /** The lease's name: one leader per name. */
  lease: string;
  /** This instance's holder id. */
  holder: string;
  /** A lease not renewed for this long is free for another instance. */
  ttlMs: number;
  /** Take the lease over at start-up whoever holds it (the embedded database has one process). */
  takeOverAtStart?: boolean;
  /** Called when this instance becomes the leader; a rejection hands the lease back. */
  onElected(): Promise<void>;
  /** Called when this instance stops being the leader (lost lease, shutdown, or failed election). */
  onDeposed(): Promise<void>;
  log?(message: string): void;
  error?(message: string): void;
  /** The process's own clock unless given (tests step one by hand). */
  clock?: LeadershipClock;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Keeps one instance at a time doing a job: every instance tries to take (or renew) a lease a few
 * times per TTL; the holder runs the job, the others wait. When the holder dies its lease expires
 * and the next try of another instance takes it over, so a takeover takes at most about one TTL.
 *
 * A leader that cannot reach the database keeps its role until its lease has surely expired (it
 * could not write anything meanwhile anyway), so a blip does not stop and restart the job; a leader
 * that learns someone else holds the lease (it stalled past the TTL) stops at once.
 */
export class Leadership {
  private readonly renewMs: number;
  private readonly clock: LeadershipClock;
  private cancelTimer: (() => void) | null = null;
  private leader = false;
  /** The clock's time before the last successful renewal: the lease is surely ours until then + TTL. */
  private renewedAt = 0;
  private ticking: Promise<void> | null = null;
  /** Elections and depositions run one after another, never interleaved. */
  private transitions: Promise<void> = Promise.resolve();
  private stopped = true;

  constructor(
    private readonly leases: LeaseStore,
    private readonly options: LeadershipOptions,
  ) {
    this.renewMs = Math.max(50, Math.floor(options.ttlMs / 4));
    this.clock = options.clock ?? systemClock;
  }

  get isLeader(): boolean {
    return this.leader;
  }

  get holder(): string {
    return this.options.holder;
  }

  /** Makes the first attempt (and, if elected, waits for `onElected`), then keeps trying in the background. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.tick(this.options.takeOverAtStart === true);
    await this.transitions;
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.cancelTimer = this.clock.schedule(() => {
      void this.tick(false).finally(() => this.schedule());
    }, this.renewMs);
  }

  private tick(takeOver: boolean): Promise<void> {
    this.ticking ??= this.attempt(takeOver).finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async attempt(takeOver: boolean): Promise<void> {
    const startedAt = this.clock.now();
    let held: boolean;
    try {
      held = await this.leases.acquire(this.options.lease, this.options.holder, this.options.ttlMs, takeOver);
      if (held) this.renewedAt = startedAt;
    } catch (error) {
      // Unknown: while the lease is surely still ours, stay leader; otherwise step down.
      held = this.leader && this.clock.now() - this.renewedAt < this.options.ttlMs;
      this.options.error?.(`Lease ${this.options.lease}: could not renew (${messageOf(error)})`);
    }
    if (this.stopped) {
      // Stopped while this attempt was in flight: do not keep a lease nobody will renew.
      if (held && !this.leader)
        await this.leases.release(this.options.lease, this.options.holder).catch(() => undefined);
      return;
    }
    if (held && !this.leader) {
      this.leader = true;
      this.options.log?.(`Lease ${this.options.lease}: ${this.options.holder} is the leader`);
      this.transition(async () => {
        try {
          await this.options.onElected();
        } catch (error) {
          this.options.error?.(
            `Lease ${this.options.lease}: could not start as leader (${messageOf(error)}); handing it back`,
          );
          await this.stepDown();
        }
      });
    } else if (!held && this.leader) {
      this.leader = false;
      this.options.log?.(`Lease ${this.options.lease}: ${this.options.holder} lost the lease`);
      this.transition(() => this.options.onDeposed());
    }
  }

  private transition(work: () => Promise<void>): void {
    this.transitions = this.transitions.then(work).catch((error: unknown) => {
      this.options.error?.(`Lease ${this.options.lease}: ${messageOf(error)}`);
    });
  }

  /** Stops the job and gives the lease back. */
  private async stepDown(): Promise<void> {
    this.leader = false;
    try {
      await this.options.onDeposed();
    } finally {
      await this.leases.release(this.options.lease, this.options.holder).catch(() => undefined);
    }
  }

  /** Stops trying; a leader stops its job and releases the lease so another instance takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
    await this.ticking;
    await this.transitions;
    if (this.leader) await this.stepDown();
  }
}
