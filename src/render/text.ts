import { type Card, isCard, prettyCard } from '../cards/card.ts';
import type { BoardCell, HandOptions, ShowdownRow } from './types.ts';

/**
 * Text forms of every picture: the line under a picture (screen readers, clients that
 * block images) and the whole message when a render fails. They never throw: a value
 * that is not a card shows as "?".
 */
export const cardText = (card: Card): string => (isCard(card) ? prettyCard(card) : '?');
const cardsText = (cards: readonly Card[]): string => cards.map(cardText).join(' ');

function faceDownText(count: number): string {
  return count === 1 ? '1 face-down card' : `${count} face-down cards`;
}

/** "A♠ K♦ 7♥ + 1 face-down card (using A♠ K♦)" */
export function handText(cards: readonly Card[], opts: HandOptions = {}): string {
  const faceDown = Math.max(0, Math.trunc(opts.faceDown ?? 0));
  const parts: string[] = [];
  if (cards.length > 0) parts.push(cardsText(cards));
  if (faceDown > 0) parts.push(faceDownText(faceDown));
  const text = parts.length > 0 ? parts.join(' + ') : 'no cards';
  const used = (opts.highlight ?? []).filter((c) => cards.includes(c));
  return used.length > 0 ? `${text} (using ${cardsText(used)})` : text;
}

const cellCardText = (cell: BoardCell): string => (cell.card === null ? 'face down' : cardText(cell.card));

/**
 * In reading order (rows top to bottom, left to right). Named positions read as
 * "N 9♥, W 7♠, C face down"; unnamed grids read row by row: "9♥ 7♠ 2♦ / 5♣ …".
 */
export function boardText(cells: readonly BoardCell[]): string {
  if (cells.length === 0) return 'empty board';
  const ordered = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  if (ordered.every((c) => c.label)) return ordered.map((c) => `${c.label} ${cellCardText(c)}`).join(', ');
  const rows: string[][] = [];
  let lastRow: number | null = null;
  for (const cell of ordered) {
    if (cell.row !== lastRow) rows.push([]);
    lastRow = cell.row;
    rows[rows.length - 1]?.push(cell.label ? `${cell.label} ${cellCardText(cell)}` : cellCardText(cell));
  }
  return rows.map((r) => r.join(' ')).join(' / ');
}

/** One line per row: "ann (winner): A♠ K♠ Q♠ 2♥ — Straight flush, ace high, using A♠ K♠ Q♠" */
export function showdownRowText(row: ShowdownRow): string {
  const who = row.winner ? `${row.name} (winner)` : row.name;
  if (row.folded) return row.cards.length > 0 ? `${who}: folded, ${cardsText(row.cards)}` : `${who}: folded`;
  const usesWholeHand = row.used.length === row.cards.length && row.used.every((c) => row.cards.includes(c));
  const used = row.used.length > 0 && !usesWholeHand ? `, using ${cardsText(row.used)}` : '';
  const description = row.description ? ` — ${row.description}${used}` : used;
  return `${who}: ${cardsText(row.cards)}${description}`;
}

export function showdownText(rows: readonly ShowdownRow[]): string {
  return rows.length > 0 ? rows.map(showdownRowText).join('\n') : 'nobody showed';
}
