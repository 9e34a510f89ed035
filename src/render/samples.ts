import { parseCard, parseCards } from '../cards/card.ts';
import { shuffledDeck } from '../cards/deck.ts';
import { Rng } from '../cards/rng.ts';
import { renderBoard } from './board.ts';
import { renderHand } from './hand.ts';
import { renderShowdown } from './showdown.ts';
import { boardText, handText, showdownText } from './text.ts';
import type { BoardCell, Picture, ShowdownRow } from './types.ts';

/** One example of every kind of picture, for the gallery (to look at) and the benchmark (to time). */
export interface Sample {
  /** File name stem in the gallery. */
  id: string;
  render(): Picture | null;
  text(): string;
}

/** Iron Cross: N at the top, W C E across the middle, S at the bottom. */
export function ironCross(cards: Record<'N' | 'W' | 'C' | 'E' | 'S', string | null>): BoardCell[] {
  const at = { N: [1, 0], W: [0, 1], C: [1, 1], E: [2, 1], S: [1, 2] } as const;
  return (Object.keys(at) as (keyof typeof at)[]).map((label) => {
    const text = cards[label];
    return { card: text === null ? null : parseCard(text), col: at[label][0], row: at[label][1], label };
  });
}

/** A 3×3 grid, row by row; null = face down. */
export function ticTacToe(cards: readonly (string | null)[]): BoardCell[] {
  return cards.map((text, i) => ({ card: text === null ? null : parseCard(text), col: i % 3, row: Math.floor(i / 3) }));
}

const c = parseCards;

const showdownRows = [
  {
    name: 'ann',
    cards: c('As Ks Qs 2h'),
    used: c('As Ks Qs'),
    description: 'Straight flush, ace high',
    winner: true,
  },
  { name: 'cat', cards: c('Tc Td 8s 5c'), used: c('Tc Td 9h'), description: 'Three tens', winner: false },
  { name: 'dan', cards: c('3c 3h 6d 8d'), used: c('3c 3h 8d'), description: 'Pair of threes', winner: false },
  { name: 'bob', cards: c('8c 9c 4d'), used: [], description: '', winner: false, folded: true },
  {
    name: 'Evangeline the Extremely Long-Named',
    cards: c('5d 5s Kd 3s'),
    used: c('5d 5s Kd'),
    description: 'Pair of fives, king kicker, and a description far too long to fit on one line',
    winner: false,
  },
];

/** The largest showdown a game makes: seven players with seven cards each (Three-Five-Seven), 49 of the 52. */
function crowdedShowdown(): ShowdownRow[] {
  const deck = shuffledDeck(Rng.fromSeed(357));
  return Array.from({ length: 7 }, (_, i) => {
    const cards = deck.slice(i * 7, i * 7 + 7);
    return {
      name: `player ${i + 1}`,
      cards,
      used: cards.slice(0, 5),
      description: 'Best five of seven',
      winner: i === 2,
    };
  });
}

/** Twelve players of Three Card Guts: more than one column's worth of rows. */
function twelvePlayers(): ShowdownRow[] {
  const deck = shuffledDeck(Rng.fromSeed(12));
  return Array.from({ length: 12 }, (_, i) => {
    const cards = deck.slice(i * 3, i * 3 + 3);
    return {
      name: `player ${i + 1}`,
      cards,
      used: cards,
      description: 'Three cards',
      winner: i === 7,
      folded: i % 5 === 4,
    };
  });
}

const crossCells = ironCross({ N: '9h', W: '7s', C: '2d', E: '4h', S: 'Jc' });

export const SAMPLES: readonly Sample[] = [
  {
    id: 'hand',
    render: () => renderHand(c('Ah Kd Tc 7s')),
    text: () => handText(c('Ah Kd Tc 7s')),
  },
  {
    id: 'hand-four-colour',
    render: () => renderHand(c('Qc Jd 9h 2s'), { fourColour: true }),
    text: () => handText(c('Qc Jd 9h 2s')),
  },
  {
    id: 'hand-highlight',
    render: () => renderHand(c('As Ks Qs 2h Jd'), { highlight: c('As Ks Qs') }),
    text: () => handText(c('As Ks Qs 2h Jd'), { highlight: c('As Ks Qs') }),
  },
  {
    id: 'hand-face-down',
    render: () => renderHand(c('8c 8d 3h'), { faceDown: 1 }),
    text: () => handText(c('8c 8d 3h'), { faceDown: 1 }),
  },
  {
    id: 'board-iron-cross',
    render: () => renderBoard(crossCells, { highlight: c('9h 2d Jc') }),
    text: () => boardText(crossCells),
  },
  {
    id: 'board-iron-cross-face-down',
    render: () => renderBoard(ironCross({ N: '9h', W: null, C: null, E: '4h', S: null })),
    text: () => boardText(ironCross({ N: '9h', W: null, C: null, E: '4h', S: null })),
  },
  {
    id: 'board-tic-tac-toe',
    render: () => renderBoard(ticTacToe(['Ah', '7c', null, 'Td', 'Kh', '2s', null, '9d', 'Qc']), { fourColour: true }),
    text: () => boardText(ticTacToe(['Ah', '7c', null, 'Td', 'Kh', '2s', null, '9d', 'Qc'])),
  },
  {
    id: 'showdown',
    render: () => renderShowdown(showdownRows),
    text: () => showdownText(showdownRows),
  },
  {
    id: 'showdown-four-colour',
    render: () => renderShowdown(showdownRows.slice(0, 3), { fourColour: true }),
    text: () => showdownText(showdownRows.slice(0, 3)),
  },
  {
    id: 'showdown-crowded',
    render: () => renderShowdown(crowdedShowdown()),
    text: () => showdownText(crowdedShowdown()),
  },
  {
    id: 'showdown-two-columns',
    render: () => renderShowdown(twelvePlayers()),
    text: () => showdownText(twelvePlayers()),
  },
];
