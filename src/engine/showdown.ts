import { type Card, rankOf } from '../cards/card.ts';
import { bestFromLayout, evaluateBest } from '../hands/index.ts';
import type { HandSpec } from '../rules/variants.ts';
import { type Ctx, dealOf, inTurnOrder, kittyCards } from './context.ts';
import { rankingFor, rankingOf, wildsOf } from './hand-spec.ts';
import { judge } from './judge.ts';
import { anteAgain } from './money.ts';
import { facesDeck, kittyPlays } from './round.ts';
import { allDropped, settleShowdown } from './settle.ts';
import type { Hand, Opponent, PlayerId, ShownHand } from './types.ts';

/** Showdowns and settling them (docs/RULES.md: Settling a deal). */

/** The best hand from private cards and the board cards still in play. */
export function evaluateHand(ctx: Ctx, spec: HandSpec, cards: readonly Card[], up: readonly Card[]): Hand {
  const d = dealOf(ctx);
  const { variant } = ctx;
  const wild = wildsOf(ctx.s.options, spec, cards, up);
  const board: Record<string, Card> = {};
  for (const [pos, card] of Object.entries(d.board)) if (!d.removed.includes(pos)) board[pos] = card;
  if (variant.lines && variant.use) {
    return bestFromLayout(cards, board, variant.lines, variant.use, rankingOf(ctx.s.options, spec), wild);
  }
  const all = [...cards, ...Object.values(board)];
  return evaluateBest(all, rankingFor(ctx.s.options, spec, all.length), wild);
}

const handOf = (ctx: Ctx, spec: HandSpec, id: PlayerId): Hand =>
  evaluateHand(ctx, spec, dealOf(ctx).hands[id] as Card[], dealOf(ctx).up[id] as Card[]);

/**
 * Plays the showdown of the current step and settles it. Returns true when the deal
 * is over: after the last step, or when the pot was won on legs mid-deal.
 */
export function showdown(ctx: Ctx, spec: HandSpec, last: boolean): boolean {
  const { s, variant } = ctx;
  const d = dealOf(ctx);
  const o = s.options;
  const contenders = inTurnOrder(d, d.in);
  if (contenders.length === 0) {
    if (!variant.threeStage)
      allDropped(
        ctx,
        () => droppersValues(ctx, spec),
        (p) => holdsWild(ctx, spec, p),
      );
    return last;
  }
  const opponent = opponentOf(ctx, contenders.length);
  const pot = s.pot;
  const values = new Map<PlayerId, number>();
  let verdict = judge(contenders, d.dead, values, null, false, o.losers);
  if (contenders.length > 1 || opponent || verdict.winners.length === 0) {
    const hands: ShownHand[] = contenders.map((p) => {
      const hand = handOf(ctx, spec, p);
      values.set(p, hand.value);
      return { playerId: p, hand, dead: d.dead.includes(p) };
    });
    let kittyHand: Hand | null = null;
    if (opponent) {
      d.kitty ??= kittyCards(ctx, opponentCards(ctx, opponent, contenders));
      kittyHand = evaluateHand(ctx, spec, d.kitty, []);
    }
    verdict = judge(contenders, d.dead, values, kittyHand?.value ?? null, variant.phantom, o.losers);
    ctx.events.push({
      type: 'Showdown',
      hands,
      kitty: kittyHand,
      kittyCards: opponent ? [...(d.kitty as Card[])] : null,
      opponent,
      ...verdict,
    });
  }
  d.stayed.push(...contenders);
  d.winners.push(...verdict.winners);
  // Source 003's variant 1: while losing stayers match the pot, the droppers ante anew.
  if (o.dropperAnte)
    anteAgain(
      s,
      ctx.events,
      d.players.filter((p) => !contenders.includes(p)),
    );
  const potTaken = settleShowdown(ctx, verdict, pot);
  if (variant.threeStage && !potTaken) {
    d.in = [...d.players];
    d.dead = [];
  }
  return last || potTaken;
}

/**
 * The hand the stayers must beat besides each other's: the kitty (Iron Cross's phantom),
 * or for a lone stayer with `loneVsDeck` the top cards of the deck; null for none.
 */
function opponentOf(ctx: Ctx, stayers: number): Opponent | null {
  if (kittyPlays(ctx, stayers)) return ctx.variant.phantom ? 'phantom' : 'kitty';
  return facesDeck(ctx, stayers) ? 'deck' : null;
}

/** A kitty is dealt like a player's hand; the deck shows as many cards as the lone stayer holds. */
function opponentCards(ctx: Ctx, opponent: Opponent, stayers: readonly PlayerId[]): number {
  if (opponent === 'deck') return (dealOf(ctx).hands[stayers[0] as PlayerId] as Card[]).length;
  return ctx.variant.steps.reduce((n, st) => n + (st.kind === 'deal' ? st.count : 0), 0);
}

/** Does this player hold a card the hand's spec makes wild (for `allDrop: "wimp-wild"`)? */
function holdsWild(ctx: Ctx, spec: HandSpec, p: PlayerId): boolean {
  const d = dealOf(ctx);
  const wild = wildsOf(ctx.s.options, spec, d.hands[p] as Card[], d.up[p] as Card[]);
  const cards = d.hands[p] as Card[];
  return cards.some((c) => wild?.ranks?.includes(rankOf(c)) || wild?.cards?.includes(c));
}

/**
 * Every dealt hand's value, for the wimp rule. Nobody stayed, so no card was dealt after
 * the declaration: hands too short for the showdown's ranking (four-two-two's four
 * cards) are ranked by the ranking of their size (`rankingFor`).
 */
function droppersValues(ctx: Ctx, spec: HandSpec): Map<PlayerId, number> {
  const d = dealOf(ctx);
  return new Map(d.players.map((p) => [p, handOf(ctx, spec, p).value]));
}
