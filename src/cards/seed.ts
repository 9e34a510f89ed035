import { randomBytes } from 'node:crypto';
import type { RngState } from './rng.ts';

/** A fresh generator state from the OS's cryptographic source, for real games. */
export function randomRngState(): RngState {
  const b = randomBytes(16);
  return [b.readUInt32LE(0), b.readUInt32LE(4), b.readUInt32LE(8), b.readUInt32LE(12)];
}

/** 32 bytes from the OS's cryptographic source as hex: the last seed of a new game's chain (fair-deck.ts). */
export const randomServerSeed = (): string => randomBytes(32).toString('hex');
