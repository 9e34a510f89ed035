import { formatCard } from '../cards/card.ts';
import { RuleError } from '../rules/rule-error.ts';
import { type Ctx, cardFor, dealOf, inTurnOrder, notDealtIn } from './context.ts';
import { drawnInTurn, drawStepInTurn } from './round.ts';
import type { PlayerId } from './types.ts';

/** Card choices everyone makes at once: passing one card, discarding before declaring, drawing after. */

type PickKind = 'pass' | 'discard' | 'draw';

/**
 * Players who pick in the current step: everyone dealt in; when drawing, the stayers
 * who have not drawn in turn already; during an in-turn draw, the one drawing.
 */
function pickers(ctx: Ctx): PlayerId[] {
  const d = dealOf(ctx);
  if (d.drawing) return [d.drawing];
  if (ctx.steps[d.step]?.kind !== 'draw') return [...d.players];
  return inTurnOrder(d, d.in).filter((p) => !(p in (d.drawn ?? {})));
}

export const pendingPickers = (ctx: Ctx): PlayerId[] => pickers(ctx).filter((p) => !(p in dealOf(ctx).picks));

export function pickLimit(ctx: Ctx): number {
  if (dealOf(ctx).drawing) return drawStepInTurn(ctx)?.max ?? 0;
  const step = ctx.steps[dealOf(ctx).step];
  return step?.kind === 'pass' ? 1 : step?.kind === 'discard' || step?.kind === 'draw' ? step.max : 0;
}

/** Sets up the pick step; false when nobody picks (nobody stayed to draw). */
export function beginPicks(ctx: Ctx): boolean {
  dealOf(ctx).picks = {};
  return pickers(ctx).length > 0;
}

export function pick(ctx: Ctx, kind: PickKind, playerId: PlayerId, cards: readonly number[]): void {
  const d = dealOf(ctx);
  const inTurn = Boolean(d.drawing) && kind === 'draw';
  if (!inTurn && (d.drawing || ctx.steps[d.step]?.kind !== kind)) {
    throw new RuleError('wrong-step', 'The table is not waiting for that');
  }
  if (!pickers(ctx).includes(playerId)) {
    throw notDealtIn(ctx, playerId);
  }
  const hand = d.hands[playerId] as number[];
  const up = d.up[playerId] as number[];
  const limit = pickLimit(ctx);
  if (kind === 'pass' ? cards.length !== 1 : cards.length > limit) {
    throw new RuleError(
      'bad-cards',
      kind === 'pass' ? 'Pass exactly one card' : `You may ${kind} at most ${limit} cards`,
      undefined,
      kind === 'pass' ? { key: 'passOne' } : { key: `${kind}AtMost`, vars: { count: limit } },
    );
  }
  for (const c of cards) {
    if (!hand.includes(c) || up.includes(c)) {
      const card = Number.isInteger(c) ? formatCard(c) : String(c);
      throw new RuleError('bad-cards', `${card} is not one of your cards`, undefined, {
        key: 'notYourCard',
        vars: { card },
      });
    }
  }
  if (new Set(cards).size !== cards.length)
    throw new RuleError('bad-cards', 'A card is listed twice', undefined, { key: 'cardTwice' });
  d.picks[playerId] = [...cards];
  if (inTurn) {
    swapCards(ctx, 'draw', [playerId]);
    d.picks = {};
    drawnInTurn(ctx);
    return;
  }
  if (pendingPickers(ctx).length === 0) resolvePicks(ctx);
}

/** Each player throws the cards they picked and gets as many new ones (a discard or a draw). */
function swapCards(ctx: Ctx, kind: 'discard' | 'draw', who: readonly PlayerId[]): void {
  const d = dealOf(ctx);
  for (const p of who) {
    const thrown = d.picks[p] as number[];
    d.hands[p] = (d.hands[p] as number[]).filter((c) => !thrown.includes(c));
    const received = thrown.map(() => cardFor(ctx, p));
    (d.hands[p] as number[]).push(...received);
    if (kind === 'draw') d.drawn = { ...d.drawn, [p]: thrown.length };
    ctx.events.push({ type: kind === 'draw' ? 'Drew' : 'Discarded', playerId: p, thrown, received });
  }
}

/** The countdown ended: a late passer passes their first card; a late discarder keeps everything. */
export function timeoutPicks(ctx: Ctx): void {
  const d = dealOf(ctx);
  if (d.drawing) {
    // The countdown ran out on an in-turn draw: the player keeps their cards.
    pick(ctx, 'draw', d.drawing, []);
    return;
  }
  const passing = ctx.steps[d.step]?.kind === 'pass';
  for (const p of pendingPickers(ctx)) d.picks[p] = passing ? (d.hands[p] as number[]).slice(0, 1) : [];
  resolvePicks(ctx);
}

function resolvePicks(ctx: Ctx): void {
  const d = dealOf(ctx);
  const kind = ctx.steps[d.step]?.kind;
  const who = pickers(ctx);
  if (kind === 'pass') {
    // "alternate": left on odd deals, right on even ones (source 004).
    const left = ctx.s.options.pass === 'left' || ctx.s.dealNo % 2 === 1;
    const n = d.players.length;
    const passes = d.players.map((from, i) => ({
      from,
      to: d.players[(i + (left ? 1 : n - 1)) % n] as PlayerId,
      card: (d.picks[from] as number[])[0] as number,
    }));
    for (const p of passes) d.hands[p.from] = (d.hands[p.from] as number[]).filter((c) => c !== p.card);
    for (const p of passes) (d.hands[p.to] as number[]).push(p.card);
    ctx.events.push({ type: 'Passed', passes });
  } else {
    swapCards(ctx, kind === 'draw' ? 'draw' : 'discard', who);
  }
  d.picks = {};
  d.step++;
  ctx.pending.push('next-step');
}
