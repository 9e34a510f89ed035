import { randomBytes } from 'node:crypto';
import { buildChain, type FairChain } from './fair-deck.ts';
import type { RngState } from './rng.ts';

/** A fresh generator state from the OS's cryptographic source, for real games. */
export function randomRngState(): RngState {
  const b = randomBytes(16);
  return [b.readUInt32LE(0), b.readUInt32LE(4), b.readUInt32LE(8), b.readUInt32LE(12)];
}

/** 32 bytes from the OS's cryptographic source as hex: the last seed of a new game's chain (fair-deck.ts). */
const randomServerSeed = (): string => randomBytes(32).toString('hex');

/** A new game's chain of server seeds from a fresh last seed: CHAIN_LENGTH hashes (table/fair-chains.ts keeps some ready). */
export const randomFairChain = (): FairChain => buildChain(randomServerSeed());
