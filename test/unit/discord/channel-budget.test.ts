import { describe, expect, it } from 'vitest';
import { PerChannelBudget } from '../../../src/discord/channel-output.ts';

describe('PerChannelBudget (public follow-ups a channel gets a minute)', () => {
  it('allows the limit in any window, per channel, and again as old uses leave the window', () => {
    const budget = new PerChannelBudget(3, 60_000);
    expect([0, 10, 20, 30].map((t) => budget.take('a', t))).toEqual([true, true, true, false]);
    expect(budget.take('b', 30)).toBe(true);
    expect(budget.take('a', 59_999)).toBe(false);
    expect(budget.take('a', 60_000)).toBe(true); // the use at 0 has left the window
    expect(budget.take('a', 60_001)).toBe(false);
    expect(budget.take('a', 60_030)).toBe(true);
  });

  it('forgets channels that went quiet once it holds many', () => {
    const budget = new PerChannelBudget(1, 1_000);
    for (let c = 0; c <= 1_000; c++) budget.take(`quiet-${c}`, 0);
    expect(budget.take('quiet-0', 500)).toBe(false);
    budget.take('new', 5_000); // past the window: the quiet ones go
    expect(budget.channels).toBe(1);
  });
});
