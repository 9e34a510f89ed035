/**
 * A card is an integer 0..51: `rank * 4 + suit`, rank 0 = deuce … 12 = ace,
 * suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. Integers keep hands cheap
 * to copy, hash and evaluate; text forms exist only at the edges.
 */
export type Card = number;
export type Rank = number;
export type Suit = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'cdhs';
export const RANK_NAMES = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
] as const;
export const RANK_PLURALS = [
  'twos',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
] as const;
export const SUIT_NAMES = ['clubs', 'diamonds', 'hearts', 'spades'] as const;
export const SUIT_SYMBOLS = ['♣', '♦', '♥', '♠'] as const;
/** Ranks by name, for rules that name them ("sevens are wild"). */
export const TWO: Rank = 0;
export const THREE: Rank = 1;
export const FOUR: Rank = 2;
export const FIVE: Rank = 3;
export const SIX: Rank = 4;
export const SEVEN: Rank = 5;
export const EIGHT: Rank = 6;
export const NINE: Rank = 7;
export const ACE: Rank = 12;
export const DIAMONDS: Suit = 1;
export const SPADES: Suit = 3;
export const DECK_SIZE = 52;

/** Bad card text; `text` is exactly what was given. */
export class CardParseError extends Error {
  readonly text: string;
  constructor(text: string) {
    super(`"${text}" is not a card (expected rank 2-9, T/10, J, Q, K, A and suit c, d, h, s, like "As" or "10d")`);
    this.name = 'CardParseError';
    this.text = text;
  }
}

export const makeCard = (rank: Rank, suit: Suit): Card => rank * 4 + suit;
export const rankOf = (card: Card): Rank => card >> 2;
export const suitOf = (card: Card): Suit => card & 3;

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < DECK_SIZE;
}

export function parseCard(text: string): Card {
  const t = text.trim();
  const m = /^(10|[2-9tjqka])([cdhs])$/i.exec(t);
  if (!m) throw new CardParseError(text);
  const r = (m[1] as string).toUpperCase();
  const rank = RANK_CHARS.indexOf(r === '10' ? 'T' : r);
  const suit = SUIT_CHARS.indexOf((m[2] as string).toLowerCase());
  return makeCard(rank, suit);
}

/** Parses "As Kd 10h" or ["As", "Kd"]. */
export function parseCards(text: string | readonly string[]): Card[] {
  const parts = typeof text === 'string' ? text.split(/[\s,]+/).filter(Boolean) : text;
  return parts.map(parseCard);
}

export function formatCard(card: Card): string {
  if (!isCard(card)) throw new RangeError(`not a card: ${card}`);
  return `${RANK_CHARS[rankOf(card)]}${SUIT_CHARS[suitOf(card)]}`;
}

export const formatCards = (cards: readonly Card[]): string => cards.map(formatCard).join(' ');

/** "A♠" — for people; `formatCard` is for files and logs. */
export function prettyCard(card: Card): string {
  const r = RANK_CHARS[rankOf(card)] as string;
  return `${r === 'T' ? '10' : r}${SUIT_SYMBOLS[suitOf(card)]}`;
}

export const prettyCards = (cards: readonly Card[]): string => cards.map(prettyCard).join(' ');

export function parseRank(text: string): Rank {
  const r = text.trim().toUpperCase();
  const rank = RANK_CHARS.indexOf(r === '10' ? 'T' : r);
  if (rank < 0 || r.length === 0) throw new CardParseError(text);
  return rank;
}
