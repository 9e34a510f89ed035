import { EIGHT, FIVE, FOUR, SEVEN, SIX, THREE, TWO } from '../cards/card.ts';
import type { LayoutUse } from '../hands/types.ts';
import {
  at,
  boardIds,
  CROSS,
  CROSS_LINES,
  ELEVATOR,
  GRID,
  GRID_LINES,
  PIRANHA,
  PYRAMID,
  STAGE_BOARD,
  use,
  YUKON,
  Z,
} from './boards.ts';
import type { BoardPosition, HandSpec, Options, Variant } from './types.ts';
import { simple, variant } from './variant-builder.ts';

/** The variant catalogue of docs/RULES.md: The variants, as data. */

const THREE_CARD_HAND: HandSpec = { ranking: 'three' };
const FIVE_CARD_HAND: HandSpec = { ranking: 'five' };

/** Source 003's variants 1, 2 and 3 of four-two-two and four-two-three (docs/RULES.md: The variants). */
const SOURCE_003_DEUCES_OPTIONS = {
  allows: ['dropperAnte', 'loneVsDeck'] as (keyof Options)[],
  allDropRules: ['carry', 'reante', 'wimp', 'wimp-wild'] as const,
};

const THREE_STAGE_DEFAULTS: Partial<Options> = { legs: 3, money: 'pay-winner', everybodyAntes: true };
const THREE_STAGE_REFUSES: (keyof Options)[] = ['kitty', 'allDrop', 'wimpAmount', 'pass', 'discard'];
const TAKE_REFUSES: (keyof Options)[] = ['kitty', 'pass', 'discard', 'declare'];

export const CATALOGUE: readonly Variant[] = [
  variant({
    id: 'two-card',
    name: 'Two-card guts',
    summary: 'Two cards each; stay or drop.\nBest pair or high card takes the pot; other stayers match it.',
    source: '003',
    steps: simple(2, { ranking: 'two' }),
  }),
  variant({
    id: 'three-card',
    name: 'Three-card guts',
    summary: 'Three cards each; stay or drop.\nTrips beat straight flush, straight, flush, pair; losers match the pot.',
    source: '003, 004',
    steps: simple(3, THREE_CARD_HAND),
  }),
  variant({
    id: 'one-card',
    name: 'One-card guts',
    summary: 'One card each; stay or drop.\nHigh card takes the pot; other stayers match it.',
    source: '004',
    steps: simple(1, { ranking: 'one' }),
  }),
  variant({
    id: 'indian',
    name: 'Indian guts',
    summary: 'One card on your forehead: everyone sees it but you.\nIn turn, stay or drop; high card wins.',
    source: '004',
    steps: simple(1, { ranking: 'one' }),
    defaults: { declare: 'sequential' },
    inapplicable: ['pass', 'discard', 'odds'],
    forehead: true,
  }),
  variant({
    id: 'iron-cross',
    name: 'Iron Cross',
    summary:
      'Three cards and a five-card cross; declare, get a 4th card, declare again (a late drop costs 10% of the pot).\nBest 3-card hand with one line of the cross.',
    source: '000',
    steps: [
      { kind: 'deal', count: 3, to: 'all' },
      { kind: 'board', positions: boardIds(CROSS) },
      { kind: 'declare' },
      { kind: 'deal', count: 1, to: 'in' },
      { kind: 'declare' },
      { kind: 'showdown', hand: THREE_CARD_HAND },
    ],
    board: CROSS,
    lines: CROSS_LINES,
    use: use(0, 3, 0, 3),
    defaults: { dropPenalty: 10 },
    phantom: true,
  }),
  variant({
    id: 'iron-cross-five',
    name: 'Iron Cross (five cards)',
    summary: 'Five cards and a five-card cross; stay or drop.\nBest 5 using 2+ of yours and one line of the cross.',
    source: '002',
    steps: [
      { kind: 'deal', count: 5, to: 'all' },
      { kind: 'board', positions: boardIds(CROSS) },
      ...simple(0, FIVE_CARD_HAND).slice(1),
    ],
    board: CROSS,
    lines: CROSS_LINES,
    use: use(2, 5, 0, 3),
  }),
  variant({
    id: 'tic-tac-toe',
    name: 'Tic Tac Toe',
    summary: 'Two cards and a 3×3 grid; stay or drop.\nBoth your cards with one row, column or diagonal.',
    source: '002',
    steps: [
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'board', positions: boardIds(GRID) },
      ...simple(0, FIVE_CARD_HAND).slice(1),
    ],
    board: GRID,
    lines: GRID_LINES,
    use: use(2, 2, 3, 3),
  }),
  variant({
    id: 'two-plus-one',
    name: 'Two plus one',
    summary: 'Two cards; stay or drop; stayers get a third.\nThree-card ranking; losers match the pot.',
    source: '003',
    steps: [
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'declare' },
      { kind: 'ante-in', if: 'secondDeclare' },
      { kind: 'deal', count: 1, to: 'in' },
      { kind: 'declare', if: 'secondDeclare' },
      { kind: 'showdown', hand: THREE_CARD_HAND },
    ],
    allows: ['secondDeclare'],
  }),
  variant({
    id: 'four-two-two',
    name: 'Four-two-two',
    summary: 'Four cards, deuces wild; stay or drop; stayers get 2 more face up.\nBest 5 of 6.',
    source: '003',
    steps: [
      { kind: 'deal', count: 4, to: 'all' },
      { kind: 'declare' },
      { kind: 'deal', count: 2, to: 'in', faceUp: true },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [TWO] } },
    ],
    ...SOURCE_003_DEUCES_OPTIONS,
  }),
  variant({
    id: 'four-two-three',
    name: 'Four-two-three',
    summary: 'Four cards, deuces wild; stay or drop; 3 community cards.\nBest 5 of 7.',
    source: '003',
    steps: [
      { kind: 'deal', count: 4, to: 'all' },
      { kind: 'declare' },
      { kind: 'board', positions: ['C1', 'C2', 'C3'] },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [TWO] } },
    ],
    board: [at('C1', 0, 0), at('C2', 1, 0), at('C3', 2, 0)],
    ...SOURCE_003_DEUCES_OPTIONS,
  }),
  variant({
    id: 'three-five-seven',
    name: 'Three-five-seven',
    summary:
      'Three stages: 3 cards (3s wild), 5 (5s wild), 7 (7s wild), declaring at each.\nLosers pay the winner; a lone stayer gets a leg; 3 legs take the pot.',
    source: '003, 004',
    steps: [
      { kind: 'deal', count: 3, to: 'all' },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'three-pairs', wildRanks: [THREE] } },
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [FIVE] } },
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [SEVEN] } },
    ],
    defaults: THREE_STAGE_DEFAULTS,
    inapplicable: THREE_STAGE_REFUSES,
    threeStage: true,
  }),
  variant({
    id: 'six-seven-eight',
    name: 'Six-seven-eight',
    summary:
      'Like 3-5-7 with 3 community cards: 6s, then 7s, then 8s wild, best 5 each stage.\nA community card leaves before each later stage.',
    source: '004',
    steps: [
      { kind: 'deal', count: 3, to: 'all' },
      { kind: 'board', positions: boardIds(STAGE_BOARD) },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [SIX] } },
      { kind: 'remove', positions: ['B1'] },
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [SEVEN] } },
      { kind: 'remove', positions: ['B2'] },
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'declare' },
      { kind: 'showdown', hand: { ranking: 'five', wildRanks: [EIGHT] } },
    ],
    board: STAGE_BOARD,
    // Source 004's money, not source 003's: the best hand takes the pot, every other stayer matches it.
    defaults: { ...THREE_STAGE_DEFAULTS, money: 'match' },
    inapplicable: THREE_STAGE_REFUSES,
    threeStage: true,
  }),
  variant({
    id: 'deadly-69s',
    name: 'Deadly 69s',
    summary:
      'Two cards, 6s and 9s wild face down. In turn, take a face-up card to stay;\na face-up 6 or 9 kills you: you lose and pay.',
    source: '004',
    steps: [
      { kind: 'deal', count: 2, to: 'all' },
      { kind: 'take', count: 1 },
      { kind: 'showdown', hand: { ranking: 'three-pairs', deadly: true } },
    ],
    defaults: { declare: 'sequential', allDrop: 'reante' },
    inapplicable: TAKE_REFUSES,
    allows: ['deadly'],
    dealerFirstInAsksAgain: true,
  }),
  variant({
    id: 'four-card-draw',
    name: 'Four-card draw',
    summary:
      'Four cards, 4s wild; stay or drop; stayers draw up to 3.\nA lone stayer must beat the top 4 cards of the deck.',
    source: '004',
    steps: [
      { kind: 'deal', count: 4, to: 'all' },
      { kind: 'declare' },
      { kind: 'draw', max: 3 },
      { kind: 'showdown', hand: { ranking: 'four', wildRanks: [FOUR] } },
    ],
    defaults: { kitty: 'alone', allDrop: 'reante' },
  }),
  variant({
    id: 'piranha',
    name: 'Piranha',
    summary: 'Four cards; 3 community up, 2 down; stay or drop; the 2 are turned.\nBest 5 of all 9.',
    source: '004',
    steps: [
      { kind: 'deal', count: 4, to: 'all' },
      { kind: 'board', positions: boardIds(PIRANHA) },
      { kind: 'declare' },
      { kind: 'showdown', hand: FIVE_CARD_HAND },
    ],
    board: PIRANHA,
  }),
  variant({
    id: 'five-card-draw',
    name: 'Five-card draw guts',
    summary: 'Five cards; in turn say in (and draw up to 3) or out.\nBest poker hand wins; losers match the pot.',
    source: '004',
    steps: [
      { kind: 'deal', count: 5, to: 'all' },
      { kind: 'declare' },
      { kind: 'draw', max: 3 },
      { kind: 'showdown', hand: FIVE_CARD_HAND },
    ],
    defaults: { declare: 'sequential', allDrop: 'reante' },
    dealerFirstInAsksAgain: true,
  }),
  variant({
    id: 'two-more-inches',
    name: 'Two more inches',
    summary: 'Five cards; in turn take 2 face-up cards to stay.\nBest 5 of 7 wins; losers match the pot.',
    source: '004',
    steps: [
      { kind: 'deal', count: 5, to: 'all' },
      { kind: 'take', count: 2 },
      { kind: 'showdown', hand: FIVE_CARD_HAND },
    ],
    defaults: { declare: 'sequential', allDrop: 'reante' },
    inapplicable: TAKE_REFUSES,
    dealerFirstInAsksAgain: true,
    allows: ['deadlyRank'], // Two More Deadly Inches (source 004)
  }),
  layoutVariant(
    'pyramid',
    'Pyramid',
    4,
    PYRAMID,
    [
      ['4', '1', '5'],
      ['4', '3', '6'],
      ['6', '2', '5'],
    ],
    use(2, 4, 1, 3),
    'Four cards and a 6-card pyramid; stay or drop.\nBest 5 from 2-4 of yours and 3-1 cards of one side.',
  ),
  layoutVariant(
    'yukon',
    'Yukon',
    2,
    [...YUKON, at('R', 3, 1)],
    [
      ['A1', 'A2', 'A3', 'R'],
      ['B1', 'B2', 'B3', 'R'],
    ],
    use(0, 2, 0, 4),
    'Two cards, two 3-card sets and a river; stay or drop.\nBest 5 from yours, one set and the river.',
  ),
  layoutVariant(
    'z',
    'Z',
    5,
    Z,
    [
      ['1', '3'],
      ['3', '4'],
      ['4', '2'],
    ],
    use(3, 3, 2, 2),
    'Five cards and four in a Z; stay or drop.\nExactly 3 of yours with an adjacent pair of the Z.',
  ),
  layoutVariant(
    'elevator',
    'Elevator',
    4,
    ELEVATOR,
    [
      ['1', 'E', '4'],
      ['1', 'E', '6'],
      ['2', 'E', '5'],
      ['3', 'E', '6'],
      ['3', 'E', '4'],
    ],
    use(0, 4, 0, 3),
    'Four cards and seven on the table with the elevator E; stay or drop.\nBest 5 from yours and one line through E.',
  ),
];

function layoutVariant(
  id: string,
  name: string,
  count: number,
  board: BoardPosition[],
  lines: string[][],
  layoutUse: LayoutUse,
  summary: string,
): Variant {
  return variant({
    id,
    name,
    summary,
    source: '002',
    steps: [
      { kind: 'deal', count, to: 'all' },
      { kind: 'board', positions: boardIds(board) },
      ...simple(0, FIVE_CARD_HAND).slice(1),
    ],
    board,
    lines,
    use: layoutUse,
  });
}
