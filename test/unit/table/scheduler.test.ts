import { describe, expect, it } from 'vitest';
import { DeadlineScheduler } from '../../../src/table/scheduler.ts';
import { fakeClock } from './fake-clock.ts';

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

  it('moves its one timer only when the earliest deadline moves: sooner, later or cleared', () => {
    const { clock, advance, pending } = fakeClock();
    const fired: string[] = [];
    const s = new DeadlineScheduler((key) => fired.push(key), clock);
    s.set('a', 1_100);
    s.set('b', 1_300);
    s.set('b', 1_200);
    s.set('a', 1_250);
    expect(pending()).toBe(1);
    advance(150);
    expect(fired).toEqual([]);
    advance(60);
    expect(fired).toEqual(['b']);
    s.set('c', 1_400);
    s.set('a', null);
    advance(100);
    expect(fired).toEqual(['b']);
    advance(100);
    expect(fired).toEqual(['b', 'c']);
    expect(pending()).toBe(0);
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
