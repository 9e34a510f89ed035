import { createHmac, hash } from 'node:crypto';
import { type Card, DECK_SIZE } from './card.ts';

/**
 * Provably fair decks (docs/FAIRNESS.md states every byte of it): a game's server seeds
 * form a SHA-256 hash chain fixed before anyone plays, and each deal's deck is an
 * unbiased Fisher–Yates shuffle driven by HMAC-SHA-256 of that deal's seed, the client
 * seed and the deal number. Pure: node:crypto's hashes are deterministic; the seeds'
 * randomness comes from outside (seed.ts, called where a game opens).
 */

/** Deals one chain can prove: a game stops after its last. */
export const CHAIN_LENGTH = 1024;
/** One seed in every CHECKPOINT_STRIDE is kept, so a deal's seed costs at most STRIDE − 1 hashes. */
export const CHECKPOINT_STRIDE = 32;
/** Characters of a client seed's phrase. */
export const PHRASE_MAX = 100;

const HEX_SEED = /^[0-9a-f]{64}$/;

/** A 32-byte seed or digest as 64 lowercase hex digits. */
export const isHexSeed = (text: unknown): text is string => typeof text === 'string' && HEX_SEED.test(text);

/** One-shot SHA-256 (no Hash object per link: a deal hashes up to 31 of them). */
const sha256 = (bytes: Uint8Array): Buffer => hash('sha256', bytes, 'buffer');

/** The seed of the deal before: SHA-256 of this one (hex in, hex out). */
export const previousSeed = (seedHex: string): string => sha256(Buffer.from(seedHex, 'hex')).toString('hex');

/** `seed` (hex, or bytes) hashed `times` times, in hex. */
function hashTimes(seed: string | Buffer, times: number): string {
  let b: Buffer = typeof seed === 'string' ? Buffer.from(seed, 'hex') : seed;
  for (let i = 0; i < times; i++) b = sha256(b);
  return b.toString('hex');
}

/**
 * What a game keeps of its chain: the commitment (public) and every STRIDE-th seed
 * (secret), as one string: 44 base64 characters a seed, deal CHECKPOINT_STRIDE's first (or the
 * first still needed), deal CHAIN_LENGTH's last. One string rather than a record of 32:
 * the state is copied on every action and view, and a string is copied as a reference.
 */
export interface FairChain {
  /** SHA-256 of deal 1's seed: shown before anything of the client seed exists. */
  commitment: string;
  /** Seeds of deals 32, 64, …, CHAIN_LENGTH, each 32 bytes in base64 (44 characters): secret. */
  checkpoints: string;
}

/** A checkpoint's characters: 32 bytes in base64, a third fewer than in hex (the state is kept per table). */
const CHECKPOINT_LENGTH = 44;

/** The chain whose last seed (deal CHAIN_LENGTH's) is `lastSeedHex`, 32 random bytes. */
export function buildChain(lastSeedHex: string): FairChain {
  if (!isHexSeed(lastSeedHex)) throw new RangeError('a chain starts from 32 bytes as 64 hex digits');
  const checkpoints: string[] = [];
  // Bytes from link to link, hex only where kept: a game opens on 1,024 hashes.
  let seed: Buffer = Buffer.from(lastSeedHex, 'hex');
  for (let position = CHAIN_LENGTH; position >= 1; position--) {
    if (position % CHECKPOINT_STRIDE === 0) checkpoints.push(seed.toString('base64'));
    seed = sha256(seed);
  }
  return { commitment: seed.toString('hex'), checkpoints: checkpoints.reverse().join('') };
}

/**
 * Checkpoints as one string, from a game saved when they were a record of hex seeds by
 * deal number (`{ "32": seed, "64": seed, … }`): each game still under way carries on.
 */
export function checkpointString(checkpoints: string | Readonly<Record<string, string>>): string {
  if (typeof checkpoints === 'string') return checkpoints;
  return Object.keys(checkpoints)
    .map(Number)
    .sort((a, b) => a - b)
    .map((position) => Buffer.from(checkpoints[position] as string, 'hex').toString('base64'))
    .join('');
}

/** The deal whose seed opens `checkpoints` (the others follow a stride apart, to CHAIN_LENGTH). */
const firstPosition = (checkpoints: string) =>
  CHAIN_LENGTH - (checkpoints.length / CHECKPOINT_LENGTH - 1) * CHECKPOINT_STRIDE;

/** Deal `dealNo`'s server seed, from the nearest checkpoint at or after it. */
export function seedOfDeal(checkpoints: string, dealNo: number): string {
  if (!Number.isInteger(dealNo) || dealNo < 1 || dealNo > CHAIN_LENGTH) throw new RangeError(`no deal ${dealNo}`);
  if (checkpoints.length % CHECKPOINT_LENGTH !== 0) throw new RangeError('checkpoints are 44 base64 characters each');
  const position = Math.ceil(dealNo / CHECKPOINT_STRIDE) * CHECKPOINT_STRIDE;
  const index = (position - firstPosition(checkpoints)) / CHECKPOINT_STRIDE;
  const from = checkpoints.slice(index * CHECKPOINT_LENGTH, (index + 1) * CHECKPOINT_LENGTH);
  if (index < 0 || from.length !== CHECKPOINT_LENGTH) throw new RangeError(`the chain has no seed for deal ${dealNo}`);
  return hashTimes(Buffer.from(from, 'base64'), position - dealNo);
}

/** Checkpoints a game still needs once deal `dealNo` is dealt (earlier ones would only repeat revealed seeds). */
export function checkpointsFrom(checkpoints: string, dealNo: number): string {
  const position = Math.ceil(dealNo / CHECKPOINT_STRIDE) * CHECKPOINT_STRIDE;
  const drop = Math.max(0, (position - firstPosition(checkpoints)) / CHECKPOINT_STRIDE);
  return checkpoints.slice(drop * CHECKPOINT_LENGTH);
}

/** Whether `seedHex`, revealed as deal `dealNo`'s seed, hashes `dealNo` times to `commitment`. */
export const seedMatches = (seedHex: string, dealNo: number, commitment: string): boolean =>
  hashTimes(seedHex, dealNo) === commitment;

/**
 * The client seed: the Discord ids of the lobby's presses in the order the table took
 * them, joined by "-", then a space and the host's phrase if they gave one.
 */
export function clientSeedOf(presses: readonly string[], phrase: string | null): string {
  const ids = presses.join('-');
  return phrase ? `${ids} ${phrase}` : ids;
}

/** A phrase as the client seed takes it (trimmed), or why it cannot be one. */
export function checkPhrase(text: string): { phrase: string } | { error: string } {
  const phrase = text.trim();
  if (phrase.length === 0) return { error: 'the phrase is empty' };
  if (phrase.length > PHRASE_MAX) return { error: `the phrase is longer than ${PHRASE_MAX} characters` };
  if (/\p{Cc}/u.test(phrase)) return { error: 'the phrase holds a control character' };
  return { phrase };
}

/**
 * The byte stream of one deal: HMAC-SHA-256 keyed by the server seed's 32 bytes over the
 * UTF-8 text `${clientSeed}:${dealNo}:${counter}`, counter 0, 1, 2, … one block after another.
 */
class DealStream {
  private block: Buffer = Buffer.alloc(0);
  private at = 0;
  private counter = 0;
  private readonly key: Buffer;

  constructor(
    serverSeedHex: string,
    private readonly clientSeed: string,
    private readonly dealNo: number,
  ) {
    this.key = Buffer.from(serverSeedHex, 'hex');
  }

  byte(): number {
    if (this.at === this.block.length) {
      const message = `${this.clientSeed}:${this.dealNo}:${this.counter++}`;
      this.block = createHmac('sha256', this.key).update(message, 'utf8').digest();
      this.at = 0;
    }
    return this.block[this.at++] as number;
  }

  /** Uniform in [0, n) for n ≤ 256: bytes at or above the largest multiple of n are skipped. */
  below(n: number): number {
    const limit = 256 - (256 % n);
    for (;;) {
      const b = this.byte();
      if (b < limit) return b % n;
    }
  }
}

/**
 * Deal `dealNo`'s deck, dealt from index 0 on: the cards 0..51 in order, then for i from
 * 51 down to 1 swap index i with j = the stream's next value below i + 1.
 */
export function fairDeck(serverSeedHex: string, clientSeed: string, dealNo: number): Card[] {
  if (!isHexSeed(serverSeedHex)) throw new RangeError('a server seed is 64 hex digits');
  const stream = new DealStream(serverSeedHex, clientSeed, dealNo);
  const deck = Array.from({ length: DECK_SIZE }, (_, i) => i);
  for (let i = DECK_SIZE - 1; i > 0; i--) {
    const j = stream.below(i + 1);
    const tmp = deck[i] as Card;
    deck[i] = deck[j] as Card;
    deck[j] = tmp;
  }
  return deck;
}
