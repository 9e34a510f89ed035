import { describe, expect, it } from 'vitest';
import { type Clock, DeadlineScheduler } from '../../src/discord/scheduler.ts';

/** A hand-driven clock: time moves only when the test says so. */
function fakeClock() {
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

describe('deadline scheduler', () => {
  it('fires each deadline once, earliest first, with one timer armed', () => {
    const { clock, advance, pending } = fakeClock();
    const fired: string[] = [];
    const s = new DeadlineScheduler((key) => fired.push(key), clock);
    s.set('b', 1_000 + 200);
    s.set('a', 1_000 + 100);
    s.set('c', 1_000 + 300);
    expect(pending()).toBe(1);
    advance(150);
    expect(fired).toEqual(['a']);
    advance(1_000);
    expect(fired).toEqual(['a', 'b', 'c']);
    advance(1_000);
    expect(fired).toEqual(['a', 'b', 'c']);
    expect(pending()).toBe(0);
  });

  it('fires a deadline already past at once and honours clearing and moving', () => {
    const { clock, advance } = fakeClock();
    const fired: string[] = [];
    const s = new DeadlineScheduler((key) => fired.push(key), clock);
    s.set('past', 10);
    s.set('cleared', 1_050);
    s.set('moved', 1_060);
    s.set('cleared', null);
    s.set('moved', 1_500);
    advance(0);
    expect(fired).toEqual(['past']);
    advance(100);
    expect(fired).toEqual(['past']);
    advance(400);
    expect(fired).toEqual(['past', 'moved']);
  });

  it('does nothing after stop', () => {
    const { clock, advance } = fakeClock();
    const fired: string[] = [];
    const s = new DeadlineScheduler((key) => fired.push(key), clock);
    s.set('a', 1_010);
    s.stop();
    s.set('b', 1_020);
    advance(100);
    expect(fired).toEqual([]);
  });
});
