import { type Card, rankOf } from '../cards/card.ts';
import { Rng } from '../cards/rng.ts';
import type { Options } from '../rules/options.ts';
import { getVariant } from '../rules/variants.ts';
import { applyInPlace, createGame } from './apply.ts';
import { computerMove } from './computer.ts';
import { makeCtx } from './context.ts';
import { canPlayFast, playFastDeal } from './fastdeal.ts';
import { evaluateHand } from './showdown.ts';
import {
  type Action,
  COMPUTER_LEVELS,
  type ComputerLevel,
  type GameEvent,
  type GameState,
  type PlayerId,
} from './types.ts';
import { awaiting } from './view.ts';

/**
 * Bots playing whole games against each other through the same rule functions as the
 * bot (`applyInPlace`: no state copies), for `guts sim` and the throughput bench.
 */

/** The old bots, and the computer players' levels (computer.ts), which the bot seats at tables. */
export type Strategy = 'threshold' | 'random' | 'always' | ComputerLevel;
export const STRATEGIES: readonly Strategy[] = ['threshold', 'random', 'always', ...COMPUTER_LEVELS];

const isLevel = (s: Strategy): s is ComputerLevel => (COMPUTER_LEVELS as readonly string[]).includes(s);

export interface SimConfig {
  variant: string;
  players: number;
  deals: number;
  options?: Record<string, unknown>;
  /** Strategies by seat, repeated round the table. */
  strategies: readonly Strategy[];
  seed: number;
  /** A game still running after this many deals is stopped (counted as unfinished). */
  maxDealsPerGame?: number;
}

export interface SimSummary {
  variant: string;
  players: number;
  deals: number;
  gamesFinished: number;
  gamesUnfinished: number;
  dealsPerGame: { mean: number; p99: number };
  potSize: { mean: number; p99: number; max: number };
  largestSingleLoss: number;
  netByStrategy: Record<string, number>;
  netBySeat: Record<PlayerId, number>;
}

/** A threshold bot stays with a better than median hand: it learns the median per round from what it sees. */
class Threshold {
  private readonly seen = new Map<number, { values: number[]; median: number }>();

  stays(round: number, value: number): boolean {
    let r = this.seen.get(round);
    if (!r) this.seen.set(round, (r = { values: [], median: Number.NEGATIVE_INFINITY }));
    r.values.push(value);
    if (r.values.length === 1024) {
      r.median = r.values.sort((a, b) => a - b)[512] as number;
      r.values.length = 0;
    }
    return value >= r.median;
  }
}

/** Pots past this are a runaway game (no cap and players who always stay): it is stopped. */
const RUNAWAY_POT = 1e12;

/** The value of what a player can see of their own hand now, or null when it cannot be judged. */
function handValue(s: GameState, id: PlayerId): number | null {
  const d = s.deal;
  if (!d) return null;
  const ctx = makeCtx(s);
  if (ctx.variant.forehead) {
    // Indian guts: judge by the best card the others show (lower is better for us).
    const others = d.players.filter((p) => p !== id).flatMap((p) => d.hands[p] as Card[]);
    return 12 - Math.max(...others.map(rankOf));
  }
  const last = ctx.steps[ctx.steps.length - 1];
  const spec = ctx.steps.slice(d.step).find((st) => st.kind === 'showdown') ?? last;
  if (spec?.kind !== 'showdown') return null;
  try {
    return evaluateHand(ctx, spec.hand, d.hands[id] as Card[], d.up[id] as Card[]).value;
  } catch {
    return null; // too few cards yet for the ranking
  }
}

/** Stay or drop: a strategy's answer from the hand's value (null: it cannot be judged yet). */
function choose(strategy: Strategy, rng: Rng, threshold: Threshold, round: number, value: number | null): boolean {
  if (strategy === 'always') return true;
  if (strategy === 'random' || value === null) return rng.int(2) === 0;
  return threshold.stays(round, value);
}

function botAction(s: GameState, rng: Rng, strategyOf: (p: PlayerId) => Strategy, threshold: Threshold): Action {
  const w = awaiting(s);
  if (w.kind === 'lobby' || w.kind === 'between-deals' || w.kind === 'over') return { type: 'startDeal', by: s.host };
  const who = ('turn' in w && w.turn ? w.turn : w.pending[0]) as PlayerId;
  const strategy = strategyOf(who);
  if (isLevel(strategy)) {
    const move = computerMove(s, who, strategy);
    if (move) return move;
  }
  const d = s.deal;
  const hand = (d?.hands[who] ?? []).filter((c) => !(d?.up[who] ?? []).includes(c));
  if (w.kind === 'pass') return { type: 'pass', playerId: who, card: Math.min(...hand) };
  if (w.kind === 'discard' || w.kind === 'draw') return { type: w.kind, playerId: who, cards: [] };
  let stay = choose(strategyOf(who), rng, threshold, d?.round ?? 1, handValue(s, who));
  if (w.kind === 'declare' && !w.canDrop) stay = true;
  if (w.kind === 'take' && stay) return { type: 'take', playerId: who };
  return { type: 'declare', playerId: who, choice: stay ? 'stay' : 'drop' };
}

const percentile = (sorted: number[], q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number);

export function simulate(config: SimConfig): SimSummary {
  const variant = getVariant(config.variant);
  const rng = Rng.fromSeed(config.seed);
  const ids = Array.from({ length: config.players }, (_, i) => `p${i + 1}`);
  const strategyOf = (p: PlayerId) =>
    config.strategies[(ids.indexOf(p) + config.strategies.length) % config.strategies.length] as Strategy;
  const threshold = new Threshold();
  const maxDeals = config.maxDealsPerGame ?? 10_000;
  const netBySeat: Record<PlayerId, number> = Object.fromEntries(ids.map((p) => [p, 0]));
  const dealsPerGame: number[] = [];
  const pots: number[] = [];
  let unfinished = 0;
  let largestLoss = 0;
  let deals = 0;
  let options: Options | undefined;
  const strategyById = new Map(ids.map((p) => [p, strategyOf(p)]));
  const decide = (p: PlayerId, value: number) => choose(strategyById.get(p) as Strategy, rng, threshold, 1, value);
  while (deals < config.deals) {
    const seed = [rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32()] as const;
    const s = createGame({ variant: variant.id, options: options ?? config.options ?? {}, rng: seed, host: 'p1' });
    options = s.options;
    for (const p of ids) applyInPlace(s, { type: 'join', playerId: p, name: p });
    // The fast path asks a strategy about hand values only: computer players decide from the table.
    const fast = canPlayFast(s) && !ids.some((p) => isLevel(strategyOf(p)));
    let gameDeals = 0;
    let stopped = false;
    while (s.phase !== 'over' && deals < config.deals) {
      if (gameDeals >= maxDeals || s.pot > RUNAWAY_POT) {
        stopped = true;
        break;
      }
      const events =
        fast && s.phase !== 'deal'
          ? playFastDeal(s, s.host, decide)
          : applyInPlace(s, botAction(s, rng, strategyOf, threshold));
      for (let i = events.length - 1; i >= 0; i--) {
        const e = events[i] as GameEvent;
        if (e.type !== 'DealEnded') continue;
        deals++;
        gameDeals++;
        pots.push(e.pot);
        for (const p in e.delta) {
          const delta = e.delta[p] as number;
          netBySeat[p] = (netBySeat[p] ?? 0) + delta;
          if (-delta > largestLoss) largestLoss = -delta;
        }
        break;
      }
    }
    if (s.phase === 'over' && !stopped) dealsPerGame.push(gameDeals);
    else if (gameDeals > 0) unfinished++;
  }
  const sortedDeals = [...dealsPerGame].sort((a, b) => a - b);
  const sortedPots = [...pots].sort((a, b) => a - b);
  const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
  const netByStrategy: Record<string, number> = {};
  for (const p of ids) netByStrategy[strategyOf(p)] = (netByStrategy[strategyOf(p)] ?? 0) + (netBySeat[p] ?? 0);
  return {
    variant: variant.id,
    players: config.players,
    deals,
    gamesFinished: dealsPerGame.length,
    gamesUnfinished: unfinished,
    dealsPerGame: { mean: round2(mean(dealsPerGame)), p99: percentile(sortedDeals, 0.99) },
    potSize: {
      mean: round2(mean(pots)),
      p99: percentile(sortedPots, 0.99),
      max: sortedPots[sortedPots.length - 1] ?? 0,
    },
    largestSingleLoss: largestLoss,
    netByStrategy,
    netBySeat,
  };
}

const round2 = (x: number): number => Math.round(x * 100) / 100;
