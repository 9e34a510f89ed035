import type { Card } from '../cards/card.ts';
import { bestFromLayout, type EquityOptions, evaluateBest, handSize } from '../hands/index.ts';
import { faceDownPositions, type HandSpec } from '../rules/variants.ts';
import { dealOf, makeCtx } from './context.ts';
import { rankingOf, wildsOf } from './hand-spec.ts';
import { percentHalfUp } from './money.ts';
import type { GameState, Hand, PlayerId } from './types.ts';

/**
 * What a player can know about their own hand mid-deal, for the "My cards" answer:
 * the best hand their visible cards make now under the coming showdown's ranking,
 * and the inputs for its odds. Only face-up board cards count: a preview must never
 * use a card the player cannot see.
 */
export interface HandPreview {
  /** The ranking and wilds of the showdown the hand is heading for. */
  hand: Hand | null;
  /** Options for `equity()` (add an Rng), or null when odds make no sense (Indian guts). */
  equity: EquityOptions | null;
}

const NONE: HandPreview = { hand: null, equity: null };

/** The coming showdown's hand rules, and how many private cards a player will hold by then. */
function nextShowdown(state: GameState, held: number): { spec: HandSpec; cardsThen: number } | null {
  const ctx = makeCtx(state);
  const d = dealOf(ctx);
  let cardsThen = held;
  for (let i = d.step; i < ctx.steps.length; i++) {
    const step = ctx.steps[i];
    if (step?.kind === 'showdown') return { spec: step.hand, cardsThen };
    // Cards still to come before it (Iron Cross's 4th card, 3-5-7's stages).
    if (step?.kind === 'deal' && i > d.step) cardsThen += step.count;
  }
  return null;
}

export function handPreview(state: GameState, playerId: PlayerId): HandPreview {
  const { hand, equity } = previewParts(state, playerId);
  return { hand, equity: hand ? equity : null };
}

/**
 * The odds question of a player's hand even before its visible cards make a hand (Iron
 * Cross's first round, the board all face down): a computer player weighs it then too.
 */
export function oddsQuestion(state: GameState, playerId: PlayerId): EquityOptions | null {
  return previewParts(state, playerId).equity;
}

function previewParts(state: GameState, playerId: PlayerId): HandPreview {
  const d = state.deal;
  const cards = d?.hands[playerId];
  if (!d || !cards || cards.length === 0) return NONE;
  const ctx = makeCtx(state);
  if (ctx.variant.forehead) return NONE;
  const next = nextShowdown(state, cards.length);
  if (!next) return NONE;
  const { spec, cardsThen } = next;
  const ranking = rankingOf(state.options, spec);
  const wild = wildsOf(state.options, spec, cards, d.up[playerId] ?? []);
  const faceDown = faceDownPositions(ctx.variant);
  const board: Record<string, Card> = {};
  for (const [pos, card] of Object.entries(d.board)) {
    if (!faceDown.has(pos) && !d.removed.includes(pos)) board[pos] = card;
  }
  const { lines, use } = ctx.variant;
  let hand: Hand | null = null;
  if (lines && use) {
    const reachable = cards.length + Math.max(0, ...lines.map((l) => l.filter((p) => p in board).length));
    if (cards.length >= use.privateMin && reachable >= handSize(ranking)) {
      try {
        hand = bestFromLayout(cards, board, lines, use, ranking, wild);
      } catch {
        hand = null; // the visible board cannot make a legal hand yet
      }
    }
  } else if (cards.length + Object.keys(board).length >= handSize(ranking)) {
    hand = evaluateBest([...cards, ...Object.values(board)], ranking, wild);
  }
  const opponents = d.in.filter((p) => p !== playerId).length;
  const equity: EquityOptions | null =
    opponents > 0
      ? {
          privateCards: cards,
          ranking,
          ...(wild ? { wild } : {}),
          ...(Object.keys(board).length ? { board } : {}),
          ...(lines && use ? { lines, use } : {}),
          ...(cardsThen > cards.length ? { privateCardsAtShowdown: cardsThen } : {}),
          opponents,
        }
      : null;
  return { hand, equity };
}

/** What dropping costs right now (a later round's drop penalty, docs/RULES.md: The variants Iron Cross), 0 when free. */
export function dropCost(
  state: Pick<GameState, 'options'> & { deal: { round: number; roundPot: number } | null },
): number {
  const d = state.deal;
  if (!d || d.round <= 1 || state.options.dropPenalty <= 0) return 0;
  return percentHalfUp(d.roundPot, state.options.dropPenalty);
}
