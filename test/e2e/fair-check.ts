import { createHash, createHmac } from 'node:crypto';

/**
 * docs/FAIRNESS.md's checks written from the page alone with node:crypto (not the bot's
 * code), as a player's verifier would be: the e2e tests hold the bot's proofs to them.
 */

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** SHA-256 applied `times` times to the seed's bytes, as hex. */
export function hashed(seedHex: string, times: number): string {
  let b = Buffer.from(seedHex, 'hex');
  for (let i = 0; i < times; i++) b = sha256(b);
  return b.toString('hex');
}

/** The deck of deal `dealNo`: HMAC-SHA-256 counter stream, Fisher–Yates with rejection. Card = rank × 4 + suit. */
export function deckOf(seedHex: string, clientSeed: string, dealNo: number): number[] {
  const key = Buffer.from(seedHex, 'hex');
  let block = Buffer.alloc(0);
  let at = 0;
  let counter = 0;
  const next = () => {
    if (at === block.length) {
      block = createHmac('sha256', key).update(`${clientSeed}:${dealNo}:${counter++}`, 'utf8').digest();
      at = 0;
    }
    return block[at++] as number;
  };
  const deck = Array.from({ length: 52 }, (_, i) => i);
  for (let i = 51; i > 0; i--) {
    const m = i + 1;
    let b = next();
    while (b >= 256 - (256 % m)) b = next();
    const j = b % m;
    [deck[i], deck[j]] = [deck[j] as number, deck[i] as number];
  }
  return deck;
}
