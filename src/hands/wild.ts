import type { Card } from '../cards/card.ts';
import type { WildSpec } from './types.ts';

/**
 * A WildSpec compiled to bit masks: ranks as 13 bits, exact cards as 52 bits split in two
 * 32-bit words. Compiling is a couple of tiny loops and allocates nothing, so the hot
 * path does it on every call instead of caching.
 */
export interface WildMasks {
  ranks: number;
  cardsLo: number;
  cardsHi: number;
  lowestInHand: boolean;
}

export function compileWild(wild: WildSpec | undefined, into: WildMasks): WildMasks {
  into.ranks = 0;
  into.cardsLo = 0;
  into.cardsHi = 0;
  into.lowestInHand = wild?.lowestInHand === true;
  if (wild === undefined) return into;
  if (wild.ranks) for (const r of wild.ranks) into.ranks |= 1 << r;
  if (wild.cards) {
    for (const c of wild.cards) {
      if (c < 32) into.cardsLo |= 1 << c;
      else into.cardsHi |= 1 << (c - 32);
    }
  }
  return into;
}

export const isWildCard = (m: WildMasks, c: Card): boolean =>
  ((m.ranks >>> (c >> 2)) & 1) !== 0 || (c < 32 ? (m.cardsLo >>> c) & 1 : (m.cardsHi >>> (c - 32)) & 1) !== 0;

export const hasWild = (m: WildMasks): boolean => m.ranks !== 0 || m.cardsLo !== 0 || m.cardsHi !== 0 || m.lowestInHand;

/**
 * Turns `lowestInHand` into a wild rank: the lowest rank among `cards` that are not
 * already wild. Evaluating any subset with the result treats exactly those cards as wild.
 */
export function resolveLowest(m: WildMasks, cards: readonly Card[], into: WildMasks): WildMasks {
  into.ranks = m.ranks;
  into.cardsLo = m.cardsLo;
  into.cardsHi = m.cardsHi;
  into.lowestInHand = false;
  if (!m.lowestInHand) return into;
  let lowest = 13;
  for (const c of cards) if (!isWildCard(m, c) && c >> 2 < lowest) lowest = c >> 2;
  if (lowest < 13) into.ranks |= 1 << lowest;
  return into;
}
