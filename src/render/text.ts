import { type Card, isCard, prettyCard } from '../cards/card.ts';
import type { BoardCell, HandOptions, ShowdownRow } from './types.ts';

/**
 * Text forms of every picture: the line under a picture (screen readers, clients that
 * block images) and the whole message when a render fails. They never throw: a value
 * that is not a card shows as "?".
 */
export const cardText = (card: Card): string => (isCard(card) ? prettyCard(card) : '?');
const cardsText = (cards: readonly Card[]): string => cards.map(cardText).join(' ');

/**
 * The few words these texts use besides cards. English here (the pictures' own lines);
 * the Discord views pass each reader's language.
 */
export interface TextWords {
  faceDownCards(count: number): string;
  noCards: string;
  using(cards: string): string;
  /** One board position whose card is not turned yet. */
  faceDown: string;
  emptyBoard: string;
  winner(name: string): string;
  folded: string;
  nobodyShowed: string;
}

export const ENGLISH_WORDS: TextWords = {
  faceDownCards: (count) => (count === 1 ? '1 face-down card' : `${count} face-down cards`),
  noCards: 'no cards',
  using: (cards) => `using ${cards}`,
  faceDown: 'face down',
  emptyBoard: 'empty board',
  winner: (name) => `${name} (winner)`,
  folded: 'folded',
  nobodyShowed: 'nobody showed',
};

/** "A♠ K♦ 7♥ + 1 face-down card (using A♠ K♦)" */
export function handText(cards: readonly Card[], opts: HandOptions = {}, words: TextWords = ENGLISH_WORDS): string {
  const faceDown = Math.max(0, Math.trunc(opts.faceDown ?? 0));
  const parts: string[] = [];
  if (cards.length > 0) parts.push(cardsText(cards));
  if (faceDown > 0) parts.push(words.faceDownCards(faceDown));
  const text = parts.length > 0 ? parts.join(' + ') : words.noCards;
  const used = (opts.highlight ?? []).filter((c) => cards.includes(c));
  return used.length > 0 ? `${text} (${words.using(cardsText(used))})` : text;
}

const cellCardText = (cell: BoardCell, words: TextWords): string =>
  cell.card === null ? words.faceDown : cardText(cell.card);

/**
 * In reading order (rows top to bottom, left to right). Named positions read as
 * "N 9♥, W 7♠, C face down"; unnamed grids read row by row: "9♥ 7♠ 2♦ / 5♣ …".
 */
export function boardText(cells: readonly BoardCell[], words: TextWords = ENGLISH_WORDS): string {
  if (cells.length === 0) return words.emptyBoard;
  const ordered = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  if (ordered.every((c) => c.label)) return ordered.map((c) => `${c.label} ${cellCardText(c, words)}`).join(', ');
  const rows: string[][] = [];
  let lastRow: number | null = null;
  for (const cell of ordered) {
    if (cell.row !== lastRow) rows.push([]);
    lastRow = cell.row;
    rows[rows.length - 1]?.push(cell.label ? `${cell.label} ${cellCardText(cell, words)}` : cellCardText(cell, words));
  }
  return rows.map((r) => r.join(' ')).join(' / ');
}

/** One line per row: "ann (winner): A♠ K♠ Q♠ 2♥ — Straight flush, ace high, using A♠ K♠ Q♠" */
export function showdownRowText(row: ShowdownRow, words: TextWords = ENGLISH_WORDS): string {
  const who = row.winner ? words.winner(row.name) : row.name;
  if (row.folded)
    return row.cards.length > 0 ? `${who}: ${words.folded}, ${cardsText(row.cards)}` : `${who}: ${words.folded}`;
  const usesWholeHand = row.used.length === row.cards.length && row.used.every((c) => row.cards.includes(c));
  const used = row.used.length > 0 && !usesWholeHand ? `, ${words.using(cardsText(row.used))}` : '';
  const description = row.description ? ` — ${row.description}${used}` : used;
  return `${who}: ${cardsText(row.cards)}${description}`;
}

export function showdownText(rows: readonly ShowdownRow[], words: TextWords = ENGLISH_WORDS): string {
  return rows.length > 0 ? rows.map((row) => showdownRowText(row, words)).join('\n') : words.nobodyShowed;
}
