/** "Now", injected everywhere time matters, so tests and demos can pin it (`POOL_NOW`). */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * A clock that starts at `start` and runs `speed` times faster than real time (`POOL_CLOCK_SPEED`):
 * a replayed season plays out in minutes. `set` jumps to an instant and keeps running from there.
 */
export class ScaledClock implements Clock {
  private origin: number;
  private realOrigin: number;
  constructor(
    start: Date,
    readonly speed: number,
    private readonly realNow: () => number = Date.now,
  ) {
    if (!(speed >= 0)) throw new Error(`Clock speed must not be negative, got ${speed}`);
    this.origin = start.getTime();
    this.realOrigin = realNow();
  }
  now(): Date {
    return new Date(this.origin + (this.realNow() - this.realOrigin) * this.speed);
  }
  set(instant: Date): void {
    this.origin = instant.getTime();
    this.realOrigin = this.realNow();
  }
}

/** A clock pinned to one instant (a speed of 0); `set` moves it (tests, demos). */
export class FixedClock extends ScaledClock {
  constructor(start: Date) {
    super(start, 0);
  }
}
