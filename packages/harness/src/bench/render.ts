import { performance } from 'node:perf_hooks';
import { clearPictureCache } from 'guts/src/render/picture.ts';
import { SAMPLES } from 'guts/src/render/samples.ts';
import type { Bench, BenchResult } from './types.ts';

/** Each sample (every kind of picture, up to a seven-player seven-card showdown) rendered this often, uncached. */
const ROUNDS = 15;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const round2 = (n: number): number => Math.round(n * 100) / 100;

async function run(): Promise<BenchResult> {
  const timings: number[] = [];
  const byPicture: Record<string, number> = {};
  let largestBytes = 0;
  let failures = 0;
  for (const sample of SAMPLES) sample.render(); // load the native module and fonts before timing
  for (const sample of SAMPLES) {
    const own: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      clearPictureCache();
      const start = performance.now();
      const picture = sample.render();
      own.push(performance.now() - start);
      if (!picture) failures++;
      else largestBytes = Math.max(largestBytes, picture.png.length);
    }
    timings.push(...own);
    byPicture[sample.id] = round2(median(own));
  }
  const cached: number[] = [];
  for (const sample of SAMPLES) sample.render(); // fill the cache, then time hits
  for (const sample of SAMPLES) {
    const start = performance.now();
    sample.render();
    cached.push(performance.now() - start);
  }
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    name: 'render',
    ms: round2(median(timings)),
    p99Ms: round2(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? Number.NaN),
    kb: round2(largestBytes / 1024),
    failed: failures,
    cachedMs: round2(median(cached)),
    byPicture,
    renders: timings.length,
    target: { ms: 20, kb: 150 },
  };
}

export const benches: Bench[] = [{ name: 'render', run }];
