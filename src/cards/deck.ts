import { type Card, DECK_SIZE } from './card.ts';
import type { Rng } from './rng.ts';

export function fullDeck(): Card[] {
  return Array.from({ length: DECK_SIZE }, (_, i) => i);
}

/** Fisher-Yates, in place, drawing from `rng`. Returns the same array. */
export function shuffleInPlace<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = items[i] as T;
    items[i] = items[j] as T;
    items[j] = tmp;
  }
  return items;
}

export function shuffledDeck(rng: Rng): Card[] {
  return shuffleInPlace(fullDeck(), rng);
}
