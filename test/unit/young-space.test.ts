import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { trimYoungSpaceWhenQuiet } from '../../src/young-space.ts';

const youngMb = () =>
  (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 1024 / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the young generation', () => {
  it('is given back once the thread falls quiet, and no gc is left on the global', async () => {
    // A burst of objects that live a while: V8 grows the young generation for it.
    let kept: { x: number }[][] = [];
    for (let i = 0; i < 300; i++) {
      kept.push(Array.from({ length: 10_000 }, (_, x) => ({ x })));
      if (kept.length > 40) kept.shift();
    }
    kept = [];
    const grown = youngMb();
    expect(grown).toBeGreaterThanOrEqual(8);
    await sleep(1_000);
    expect(youngMb()).toBe(grown); // quiet, V8 keeps it by itself
    const stop = trimYoungSpaceWhenQuiet(200);
    try {
      await expect.poll(youngMb, { timeout: 5_000 }).toBeLessThanOrEqual(2);
    } finally {
      stop();
    }
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
