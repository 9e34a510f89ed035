import { describe, expect, it } from 'vitest';
import { OutputLane } from '../../../src/discord/output-lane.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('OutputLane', () => {
  it('keeps at most its limit in flight and starts the rest first come, first served', async () => {
    const lane = new OutputLane(2);
    let inFlight = 0;
    let most = 0;
    const started: number[] = [];
    const job = (i: number) =>
      lane.run(async () => {
        started.push(i);
        most = Math.max(most, ++inFlight);
        await tick();
        inFlight--;
        return i;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(job))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees the slot of work that fails', async () => {
    const lane = new OutputLane(1);
    await expect(lane.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await lane.run(async () => 'next')).toBe('next');
  });
});
