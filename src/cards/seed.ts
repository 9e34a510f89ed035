import { randomBytes } from 'node:crypto';
import type { RngState } from './rng.ts';

/** A fresh generator state from the OS's cryptographic source, for real games. */
export function randomRngState(): RngState {
  const b = randomBytes(16);
  return [b.readUInt32LE(0), b.readUInt32LE(4), b.readUInt32LE(8), b.readUInt32LE(12)];
}
