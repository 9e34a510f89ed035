import { createRequire } from 'node:module';
import { type Card, formatCard } from 'guts/src/cards/card.ts';
import { fullDeck } from 'guts/src/cards/deck.ts';
import { Rng } from 'guts/src/cards/rng.ts';
import {
  type Board,
  equity,
  type LayoutUse,
  type Line,
  prepareLayout,
  RANKING_IDS,
  scoreBest,
} from 'guts/src/hands/index.ts';
import { buildKeyIndex, buildRankingTables } from 'guts/src/hands/lookup-tables.ts';
import type { Bench, BenchResult } from './types.ts';

/**
 * Hand-evaluation speed (issue 2): evaluations per second of pre-generated random hands,
 * only the evaluation loops timed, median of RUNS passes. The same 5- and 7-card hands
 * go through `phe` and `pokersolver` in the same run for the `vs` ratios (ours / theirs).
 * Each workload has its own loop so that every evaluator gets a monomorphic call site.
 */

const require = createRequire(import.meta.url);
const phe = require('phe') as { evaluateCardCodes(cards: readonly number[]): number };
const pokersolver = require('pokersolver') as { Hand: { solve(cards: string[]): { rank: number } } };

const RUNS = 7;
const HANDS = 200_000;
/** pokersolver manages some tens of thousands of hands a second; a smaller sample keeps the run short. */
const SOLVER_HANDS = 5_000;

/** Evaluates every item and returns a checksum, which keeps the work observable. */
type Loop<T> = (items: readonly T[]) => number;

/** `count` random hands of `size` cards; one deck is partly reshuffled per hand, so dealing leaves little garbage to collect while timing. */
function deal(count: number, size: number, seed: number): Card[][] {
  const rng = Rng.fromSeed(seed);
  const deck = fullDeck();
  return Array.from({ length: count }, () => {
    for (let i = 0; i < size; i++) {
      const j = i + rng.int(deck.length - i);
      [deck[i], deck[j]] = [deck[j] as Card, deck[i] as Card];
    }
    return deck.slice(0, size);
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] as number;
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/**
 * Median items per second of each loop over `items`. The loops take turns run by run, so
 * a burst of load from other processes on a shared machine hits them alike and the
 * ratios between them stay fair.
 */
function perSecondEach<T>(items: readonly T[], loops: Loop<T>[], runs = RUNS): number[] {
  const rates = loops.map(() => [] as number[]);
  let checksum = 0;
  for (let run = 0; run < runs; run++) {
    loops.forEach((loop, i) => {
      const start = performance.now();
      checksum ^= loop(items);
      rates[i]?.push((items.length * 1000) / (performance.now() - start));
    });
  }
  if (checksum === 0.5) throw new Error('unreachable: keeps the checksum alive');
  return rates.map((r) => Math.round(median(r)));
}

const perSecond = <T>(items: readonly T[], loop: Loop<T>, runs = RUNS): number =>
  perSecondEach(items, [loop], runs)[0] as number;

function result(name: string, perSecondValue: number, target: number, extra: object = {}): BenchResult {
  return { name, perSecond: perSecondValue, target, met: perSecondValue >= target, ...extra };
}

const pheLoop: Loop<Card[]> = (hs) => {
  let sum = 0;
  for (const h of hs) sum = (sum + phe.evaluateCardCodes(h)) | 0;
  return sum;
};

/** Our rate on `hands` next to phe's (runs interleaved) and pokersolver's on the same hands. */
function versus(name: string, hands: Card[][], ours: Loop<Card[]>, target: number, minPheRatio = 0): BenchResult {
  const [ourRate = 0, pheRate = 1] = perSecondEach(hands, [ours, pheLoop]);
  const solverHands = hands.slice(0, SOLVER_HANDS).map((h) => h.map(formatCard));
  const solverRate = perSecond(
    solverHands,
    (hs) => {
      let sum = 0;
      for (const h of hs) sum = (sum + pokersolver.Hand.solve(h).rank) | 0;
      return sum;
    },
    3,
  );
  const vs = { phe: round2(ourRate / pheRate), pokersolver: round2(ourRate / solverRate) };
  return {
    ...result(name, ourRate, target, { phePerSecond: pheRate, pokersolverPerSecond: solverRate }),
    vs,
    met: ourRate >= target && vs.phe >= minPheRatio,
  };
}

/** Time to generate every lookup table of every ranking from scratch (a process builds only the rankings it uses). */
function tableInitMs(): number {
  const start = performance.now();
  const index = buildKeyIndex();
  for (const ranking of RANKING_IDS) buildRankingTables(ranking, index);
  return round2(performance.now() - start);
}

const IRON_CROSS_LINES: Line[] = [
  ['N', 'C', 'S'],
  ['W', 'C', 'E'],
];
const IRON_CROSS_USE: LayoutUse = { privateMin: 0, privateMax: 4, boardMin: 0, boardMax: 3 };
const IRON_CROSS_PLAYERS = 8;

export const benches: Bench[] = [
  {
    name: 'eval5',
    async run() {
      const initMs = tableInitMs(); // first, while the builders are as cold as in a fresh process
      const hands = deal(HANDS, 5, 5);
      const ours: Loop<Card[]> = (hs) => {
        let sum = 0;
        for (const h of hs) sum = (sum + scoreBest(h, 'five')) | 0;
        return sum;
      };
      return { ...versus('eval5', hands, ours, 15e6), tableInitMs: initMs };
    },
  },
  {
    name: 'eval7',
    async run() {
      const hands = deal(HANDS, 7, 7);
      const ours: Loop<Card[]> = (hs) => {
        let sum = 0;
        for (const h of hs) sum = (sum + scoreBest(h, 'five')) | 0;
        return sum;
      };
      return versus('eval7', hands, ours, 25e6, 5);
    },
  },
  {
    name: 'eval3',
    async run() {
      const hands = deal(HANDS, 3, 3);
      const ours = perSecond(hands, (hs) => {
        let sum = 0;
        for (const h of hs) sum = (sum + scoreBest(h, 'three-guts')) | 0;
        return sum;
      });
      return result('eval3', ours, 30e6);
    },
  },
  {
    name: 'eval7-wild2',
    async run() {
      const hands = deal(HANDS, 7, 72);
      const wild = { ranks: [0, 5] }; // deuces and sevens
      const ours = perSecond(hands, (hs) => {
        let sum = 0;
        for (const h of hs) sum = (sum + scoreBest(h, 'five', wild)) | 0;
        return sum;
      });
      return result('eval7-wild2', ours, 5e6);
    },
  },
  {
    name: 'iron-cross',
    async run() {
      // Showdowns: a cross and the 4 private cards of each of 8 players (a full table);
      // per board, its lines are prepared once, then every player's best line is found.
      const deals = deal(HANDS / IRON_CROSS_PLAYERS, 5 + 4 * IRON_CROSS_PLAYERS, 9).map((d) => ({
        board: { N: d[0], C: d[1], S: d[2], W: d[3], E: d[4] } as Board,
        hands: Array.from({ length: IRON_CROSS_PLAYERS }, (_, p) => d.slice(5 + 4 * p, 9 + 4 * p)),
      }));
      const boardsPerSecond = perSecond(deals, (ds) => {
        let sum = 0;
        for (const { board, hands } of ds) {
          const score = prepareLayout(board, IRON_CROSS_LINES, IRON_CROSS_USE, 'three-guts');
          for (const hand of hands) sum = (sum + score(hand)) | 0;
        }
        return sum;
      });
      return result('iron-cross', boardsPerSecond * IRON_CROSS_PLAYERS, 10e6, { handsPerBoard: IRON_CROSS_PLAYERS });
    },
  },
  {
    name: 'equity-vs5',
    async run() {
      // Three-card guts, one hand against five random hands, to ±1 point (95%).
      const rng = Rng.fromSeed(5);
      const hands = deal(40, 3, 55);
      const times: number[] = [];
      let samples = 0;
      for (const [i, privateCards] of hands.entries()) {
        const start = performance.now();
        const r = equity({ privateCards, ranking: 'three-guts', opponents: 5, now: () => performance.now() }, rng);
        if (i >= 5) times.push(performance.now() - start); // the first few warm the JIT up
        samples += r.samples;
      }
      const ms = round2(median(times));
      return { name: 'equity-vs5', ms, target: 25, met: ms <= 25, meanSamples: Math.round(samples / hands.length) };
    },
  },
];
