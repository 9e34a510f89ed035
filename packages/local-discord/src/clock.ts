/**
 * The local Discord's notion of "now" for everything Discord times by the wall clock:
 * interaction deadlines (3 s), token lifetimes (15 min), message timestamps, rate-limit
 * windows. Injectable so tests can expire a token without waiting a quarter of an hour,
 * or open a new window without waiting for the old one to close.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * The system clock plus an offset that only grows: time keeps flowing (so timers and
 * timestamps look normal) and a test can jump ahead, e.g. past a token's 15 minutes.
 */
export class AdjustableClock implements Clock {
  private offsetMs = 0;

  now(): number {
    return Date.now() + this.offsetMs;
  }

  advance(ms: number): void {
    if (ms < 0) throw new RangeError('a clock only moves forward');
    this.offsetMs += ms;
  }
}
