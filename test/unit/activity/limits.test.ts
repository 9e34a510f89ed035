import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../src/activity/limits.ts';

/** How often a page may press (limits.ts): a burst at once, then so many a second. */

describe('a token bucket', () => {
  it('gives its burst at once, then refills at its rate up to the burst, never beyond', () => {
    const bucket = new TokenBucket(3, 2, 0);
    for (let i = 0; i < 3; i++) {
      expect(bucket.available(0)).toBe(true);
      bucket.take();
    }
    expect(bucket.available(0)).toBe(false);
    expect(bucket.available(400)).toBe(false); // 0.8 of a token
    expect(bucket.available(500)).toBe(true); // one token a half second
    bucket.take();
    expect(bucket.available(500)).toBe(false);
    expect(bucket.full(10_000)).toBe(true);
    for (let i = 0; i < 3; i++) bucket.take();
    expect(bucket.available(10_000)).toBe(false);
  });

  it('is full only with its whole burst back', () => {
    const bucket = new TokenBucket(2, 1, 0);
    bucket.take();
    expect(bucket.full(500)).toBe(false);
    expect(bucket.full(1_000)).toBe(true);
  });
});
