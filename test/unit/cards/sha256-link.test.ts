import { hash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesOf, sha256Link, wordsOf } from '../../../src/cards/sha256-link.ts';

const nodeSha256 = (bytes: Uint8Array): Buffer => hash('sha256', bytes, 'buffer');

describe('a hash chain link', () => {
  it('is SHA-256 of the 32 bytes, as node:crypto computes it', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (seed) => {
        const words = wordsOf(seed);
        sha256Link(words);
        expect(bytesOf(words).toString('hex')).toBe(nodeSha256(seed).toString('hex'));
      }),
      { numRuns: 500 },
    );
  });

  it('chains: each link hashes the digest before, as node:crypto does link by link', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 300 }), (seed, links) => {
        let expected: Buffer = Buffer.from(seed);
        for (let i = 0; i < links; i++) expected = nodeSha256(expected);
        const words = wordsOf(seed);
        for (let i = 0; i < links; i++) sha256Link(words);
        expect(bytesOf(words).toString('hex')).toBe(expected.toString('hex'));
      }),
      { numRuns: 60 },
    );
  });

  it('reads bytes at an offset into their buffer, and refuses any length but 32', () => {
    const backing = Buffer.alloc(40, 7);
    const seed = backing.subarray(5, 37);
    expect(bytesOf(wordsOf(seed))).toEqual(Buffer.from(seed));
    expect(() => wordsOf(new Uint8Array(31))).toThrow(RangeError);
    expect(() => wordsOf(new Uint8Array(33))).toThrow(RangeError);
  });
});
