import type { Card } from '../cards/card.ts';
import { Rng } from '../cards/rng.ts';
import { RuleError } from '../rules/rule-error.ts';
import { getVariant, type Step, stepsFor, type Variant } from '../rules/variants.ts';
import type { DealState, GameEvent, GameState, PlayerId } from './types.ts';

/**
 * Automatic work a decision leaves behind (boardgame.io's `Process` model): a finished
 * round or pick step queues `next-step`, and the flow runs the queue once the action is
 * done (flow.ts `runPending`), so rounds and picks never call back into the flow.
 */
export type PendingWork = 'next-step';

/** Everything one `apply` works with: the state it may change, the events it emits, the dealer's RNG. */
export interface Ctx {
  s: GameState;
  events: GameEvent[];
  rng: Rng;
  variant: Variant;
  steps: Step[];
  pending: PendingWork[];
}

/** Steps by options object: a state changed in place keeps its options, so simulations resolve them once. */
const stepsCache = new WeakMap<object, Step[]>();

export function makeCtx(s: GameState): Ctx {
  const variant = getVariant(s.variant);
  let steps = stepsCache.get(s.options);
  if (!steps) stepsCache.set(s.options, (steps = stepsFor(variant, s.options)));
  return { s, events: [], rng: new Rng(s.rng), variant, steps, pending: [] };
}

/** The deal under way; callers only reach here while one is. */
export const dealOf = (ctx: Ctx): DealState => ctx.s.deal as DealState;

/** The deck ran out: the deal is void (docs/RULES.md: Deals that cannot complete). */
export class DeckExhausted extends Error {
  constructor() {
    super('The deck ran out of cards');
  }
}

function drawRandom(ctx: Ctx): Card {
  const d = dealOf(ctx);
  const deck = d.deck;
  if (deck.length === 0) throw new DeckExhausted();
  // A fair deal's deck is in its committed order: the top card comes next.
  if (d.serverSeed !== undefined) return deck.shift() as Card;
  const j = ctx.rng.int(deck.length);
  const card = deck[j] as Card;
  deck[j] = deck[deck.length - 1] as Card;
  deck.pop();
  return card;
}

/** The next card for a player: the stacked one if a replay fixed it, else a random undealt card. */
export function cardFor(ctx: Ctx, id: PlayerId): Card {
  const d = dealOf(ctx);
  const n = d.dealtTo[id] ?? 0;
  d.dealtTo[id] = n + 1;
  return d.stack?.cards?.[id]?.[n] ?? drawRandom(ctx);
}

export const boardCard = (ctx: Ctx, position: string): Card => dealOf(ctx).stack?.board?.[position] ?? drawRandom(ctx);

export function kittyCards(ctx: Ctx, count: number): Card[] {
  const stacked = dealOf(ctx).stack?.kitty ?? [];
  return Array.from({ length: count }, (_, i) => stacked[i] ?? drawRandom(ctx));
}

/** Players of the deal in turn order, keeping only those in `subset`. */
export const inTurnOrder = (d: DealState, subset: readonly PlayerId[]): PlayerId[] =>
  d.players.filter((p) => subset.includes(p));

/** The refusal for someone acting in a deal they were not dealt into: seated or not at all. */
export function notDealtIn(ctx: Ctx, playerId: PlayerId): RuleError {
  return ctx.s.players.some((p) => p.id === playerId) ? notInThisDeal() : notAtThisTable();
}

export const notAtThisTable = () => new RuleError('not-seated', "You're not at this table");
const notInThisDeal = () => new RuleError('not-in-deal', "You're not in this deal");
