/**
 * Ranks as the cards print them ("10", "J", "A"): how Japanese, Korean and Chinese players name
 * them, the same for one card and for several.
 */
export const RANK_SYMBOLS = {
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  jack: 'J',
  queen: 'Q',
  king: 'K',
  ace: 'A',
};

/** The same, keyed by the rank's letter ("T" is the ten), as the rules text names ranks. */
export const RANK_SYMBOLS_BY_LETTER: Readonly<Record<string, string>> = Object.fromEntries(
  [...'23456789TJQKA'].map((letter, i) => [letter, Object.values(RANK_SYMBOLS)[i] as string]),
);
