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

/** A clock pinned to one instant; `set` moves it (tests, demos). */
export class FixedClock implements Clock {
  private current: Date;
  constructor(start: Date) {
    this.current = new Date(start.getTime());
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  set(instant: Date): void {
    this.current = new Date(instant.getTime());
  }
}
