import type { Clock } from '../../../src/table/scheduler.ts';

/** A hand-driven clock: time moves only when the test says so. */
export function fakeClock() {
  let now = 1_000;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (h) => {
      timers.delete(h as number);
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [h, t] of [...timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now && timers.has(h)) {
        timers.delete(h);
        t.fn();
      }
    }
  };
  return { clock, advance, pending: () => timers.size };
}
