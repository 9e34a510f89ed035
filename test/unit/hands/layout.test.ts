import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, parseCards } from '../../../src/cards/card.ts';
import {
  type Board,
  bestFromLayout,
  type LayoutUse,
  type Line,
  prepareLayout,
  type RankingId,
  scoreFromLayout,
  type WildSpec,
} from '../../../src/hands/index.ts';
import { handSize } from '../../../src/hands/value.ts';
import { referenceScore } from './reference.ts';

const IRON_CROSS = {
  positions: ['N', 'C', 'S', 'W', 'E'],
  lines: [
    ['N', 'C', 'S'],
    ['W', 'C', 'E'],
  ],
  use: { privateMin: 0, privateMax: 4, boardMin: 0, boardMax: 3 },
  privateCount: 4,
  ranking: 'three-guts' as RankingId,
};
const GRID = ['a1', 'a2', 'a3', 'b1', 'b2', 'b3', 'c1', 'c2', 'c3'];
const TIC_TAC_TOE = {
  positions: GRID,
  lines: [
    ['a1', 'a2', 'a3'],
    ['b1', 'b2', 'b3'],
    ['c1', 'c2', 'c3'],
    ['a1', 'b1', 'c1'],
    ['a2', 'b2', 'c2'],
    ['a3', 'b3', 'c3'],
    ['a1', 'b2', 'c3'],
    ['a3', 'b2', 'c1'],
  ],
  use: { privateMin: 2, privateMax: 2, boardMin: 3, boardMax: 3 },
  privateCount: 2,
  ranking: 'five' as RankingId,
};
const PYRAMID = {
  positions: ['1', '2', '3', '4', '5', '6'],
  lines: [
    ['4', '1', '5'],
    ['4', '3', '6'],
    ['6', '2', '5'],
  ],
  use: { privateMin: 2, privateMax: 4, boardMin: 1, boardMax: 3 },
  privateCount: 4,
  ranking: 'five' as RankingId,
};
const Z = {
  positions: ['1', '2', '3', '4'],
  lines: [
    ['1', '3'],
    ['3', '4'],
    ['4', '2'],
  ],
  use: { privateMin: 3, privateMax: 3, boardMin: 2, boardMax: 2 },
  privateCount: 5,
  ranking: 'five' as RankingId,
};
const ELEVATOR = {
  positions: ['1', '2', '3', '4', '5', '6', 'E'],
  lines: [
    ['1', 'E', '4'],
    ['1', 'E', '6'],
    ['2', 'E', '5'],
    ['3', 'E', '6'],
    ['3', 'E', '4'],
  ],
  use: { privateMin: 0, privateMax: 4, boardMin: 0, boardMax: 3 },
  privateCount: 4,
  ranking: 'five' as RankingId,
};
const LAYOUTS = { IRON_CROSS, TIC_TAC_TOE, PYRAMID, Z, ELEVATOR };

function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items as [T, ...T[]];
  return [...subsets(rest, k - 1).map((s) => [first, ...s]), ...subsets(rest, k)];
}

/** Every allowed (private, line) split, evaluated by the reference; lowestInHand over private + line. */
function referenceLayout(
  mine: Card[],
  board: Board,
  lines: Line[],
  use: LayoutUse,
  ranking: RankingId,
  wild?: WildSpec,
): number {
  const size = handSize(ranking);
  let best = -1;
  const candidates: Card[][] = [
    ...(use.boardMin === 0 ? [[]] : []),
    ...lines.map((l) => l.flatMap((p) => (board[p] === undefined ? [] : [board[p] as Card]))),
  ];
  for (const line of candidates) {
    const pool = [...mine, ...line];
    const lowest = wild?.lowestInHand
      ? Math.min(...pool.filter((c) => !wild.ranks?.includes(c >> 2)).map((c) => c >> 2))
      : undefined;
    const fixed: WildSpec | undefined = wild && {
      ranks: [...(wild.ranks ?? []), ...(lowest !== undefined && lowest < 13 ? [lowest] : [])],
    };
    for (let p = use.privateMin; p <= Math.min(use.privateMax, size); p++) {
      const b = size - p;
      if (b < use.boardMin || b > use.boardMax) continue;
      for (const a of subsets(mine, p)) {
        for (const c of subsets(line, b)) best = Math.max(best, referenceScore([...a, ...c], ranking, fixed));
      }
    }
  }
  return best;
}

const deal = (layout: (typeof LAYOUTS)[keyof typeof LAYOUTS]) =>
  fc
    .shuffledSubarray(
      Array.from({ length: 52 }, (_, i) => i),
      {
        minLength: layout.privateCount + layout.positions.length,
        maxLength: layout.privateCount + layout.positions.length,
      },
    )
    .map((cards) => ({
      mine: cards.slice(0, layout.privateCount),
      board: Object.fromEntries(layout.positions.map((p, i) => [p, cards[layout.privateCount + i] as Card])) as Board,
    }));

describe('layouts', () => {
  for (const [name, layout] of Object.entries(LAYOUTS)) {
    it(`${name}: the best hand agrees with trying every allowed split`, () => {
      fc.assert(
        fc.property(deal(layout), ({ mine, board }) => {
          const expected = referenceLayout(mine, board, layout.lines, layout.use, layout.ranking);
          expect(scoreFromLayout(mine, board, layout.lines, layout.use, layout.ranking)).toBe(expected);
          const result = bestFromLayout(mine, board, layout.lines, layout.use, layout.ranking);
          expect(result.value).toBe(expected);
          expect(result.cards).toHaveLength(handSize(layout.ranking));
        }),
        { numRuns: name === 'ELEVATOR' || name === 'PYRAMID' ? 60 : 150 },
      );
    });
  }

  it('skips board positions not dealt yet', () => {
    fc.assert(
      fc.property(deal(ELEVATOR), fc.constantFrom(...ELEVATOR.positions), ({ mine, board }, hidden) => {
        const partial = Object.fromEntries(Object.entries(board).filter(([pos]) => pos !== hidden));
        expect(scoreFromLayout(mine, partial, ELEVATOR.lines, ELEVATOR.use, 'five')).toBe(
          referenceLayout(mine, partial, ELEVATOR.lines, ELEVATOR.use, 'five'),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('with wild cards and lowest-in-hand, agrees with the reference', () => {
    fc.assert(
      fc.property(deal(Z), fc.boolean(), ({ mine, board }, lowestInHand) => {
        const wild = lowestInHand ? { lowestInHand } : { ranks: [0] };
        expect(scoreFromLayout(mine, board, Z.lines, Z.use, Z.ranking, wild)).toBe(
          referenceLayout(mine, board, Z.lines, Z.use, Z.ranking, wild),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('Iron Cross: one line only, never cards from both arms', () => {
    const board = { N: 'Kh', C: '2d', S: 'Qh', W: 'Jh', E: '3c' };
    const cards = Object.fromEntries(Object.entries(board).map(([k, v]) => [k, parseCards(v)[0] as Card]));
    // Ah with Kh (N) and Qh (S) is a straight flush through the centre's column...
    const r = bestFromLayout(parseCards('Ah 7c 8d 9s'), cards, IRON_CROSS.lines, IRON_CROSS.use, 'three-guts');
    expect(r.description).toBe('Straight flush, ace high');
    expect(r.line).toEqual(['N', 'C', 'S']);
    // ...but Qh (S) and Jh (W) are on different lines: no Q-J-T straight flush, only a flush on one line.
    const s = bestFromLayout(parseCards('Th 7c 5d 8s'), cards, IRON_CROSS.lines, IRON_CROSS.use, 'three-guts');
    expect(s.description).toBe('Flush, king high');
    expect(s.line).toEqual(['N', 'C', 'S']);
  });

  it('uses no board card when the private cards are best, and reports no line', () => {
    const board = Object.fromEntries(
      Object.entries({ N: '2c', C: '7d', S: '9h', W: '4s', E: '5c' }).map(([k, v]) => [k, parseCards(v)[0] as Card]),
    );
    const r = bestFromLayout(parseCards('Ac Ad Ah 3s'), board, IRON_CROSS.lines, IRON_CROSS.use, 'three-guts');
    expect(r.description).toBe('Three of a kind, aces');
    expect(r.line).toBeNull();
  });

  it('Tic-tac-toe: must use both private cards with three from one line', () => {
    const board = Object.fromEntries(
      GRID.map((p, i) => [
        p,
        parseCards(['Ah', 'Ad', 'Ac', '2c', '3d', '4h', '6s', '8s', 'Ts'][i] as string)[0] as Card,
      ]),
    );
    const r = bestFromLayout(parseCards('Kc Qd'), board, TIC_TAC_TOE.lines, TIC_TAC_TOE.use, 'five');
    expect(r.description).toBe('Three of a kind, aces, king kicker');
    expect(r.cards).toEqual(expect.arrayContaining(parseCards('Kc Qd')));
  });

  it('three-card rankings: any number of private cards, part of the board dealt, one scorer for many hands', () => {
    const arb = fc.record({
      ranking: fc.constantFrom<RankingId>('three-guts', 'three-poker', 'three-pairs'),
      cards: fc.shuffledSubarray(
        Array.from({ length: 52 }, (_, i) => i),
        { minLength: 5 + 3 * 7, maxLength: 5 + 3 * 7 },
      ),
      dealt: fc.subarray(IRON_CROSS.positions),
      sizes: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 3, maxLength: 3 }),
      boardMin: fc.constantFrom(0, 1),
    });
    fc.assert(
      fc.property(arb, ({ ranking, cards, dealt, sizes, boardMin }) => {
        const board = Object.fromEntries(
          dealt.map((p) => [p, cards[IRON_CROSS.positions.indexOf(p)] as Card]),
        ) as Board;
        const use = { privateMin: 0, privateMax: 7, boardMin, boardMax: 3 };
        const score = prepareLayout(board, IRON_CROSS.lines, use, ranking);
        sizes.forEach((n, i) => {
          const mine = cards.slice(5 + 7 * i, 5 + 7 * i + n);
          expect(score(mine)).toBe(referenceLayout(mine, board, IRON_CROSS.lines, use, ranking));
        });
      }),
      { numRuns: 400 },
    );
  });

  it('refuses when no legal hand exists', () => {
    expect(() => bestFromLayout(parseCards('Ac'), {}, [], IRON_CROSS.use, 'three-guts')).toThrow(RangeError);
  });
});
