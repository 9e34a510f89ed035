import { RuleError } from '../rules/rule-error.ts';
import { type Ctx, cardFor, dealOf, inTurnOrder, notDealtIn } from './context.ts';
import { killedBy } from './deadly.ts';
import { move, POT, percentHalfUp, player } from './money.ts';
import type { Transfer } from './transfer.ts';
import type { Choice, PlayerId } from './types.ts';

/** Declaration rounds (docs/RULES.md: How every game goes): simultaneous or sequential, and Deadly 69s' taking rounds. */

export function kittyPlays(ctx: Ctx, stayers: number): boolean {
  const { kitty } = ctx.s.options;
  return !ctx.variant.threeStage && (kitty === 'always' || (kitty === 'alone' && stayers === 1));
}

/** A lone stayer plays the deck's top cards instead of taking the pot (`loneVsDeck`, source 003). */
export function facesDeck(ctx: Ctx, stayers: number): boolean {
  return !ctx.variant.threeStage && ctx.s.options.loneVsDeck && stayers === 1;
}

/** Besides each other, stayers face a kitty, or a lone stayer the deck: the dealer is never in by default. */
const handToBeat = (ctx: Ctx): boolean => ctx.s.options.kitty !== 'off' || ctx.s.options.loneVsDeck;

const stepKind = (ctx: Ctx) => ctx.steps[dealOf(ctx).step]?.kind;

export const isSequential = (ctx: Ctx): boolean => stepKind(ctx) === 'take' || ctx.s.options.declare === 'sequential';

/** Sets up the round of the current step; false when there is nobody to ask. */
export function beginRound(ctx: Ctx): boolean {
  const d = dealOf(ctx);
  d.round++;
  d.choices = {};
  d.timedOut = [];
  d.askedAgain = false;
  d.roundPot = ctx.s.pot;
  const players = inTurnOrder(d, d.in);
  // A lone stayer still in after the first round faces the kitty without another choice.
  if (players.length === 0 || (!ctx.variant.threeStage && d.round > 1 && players.length === 1)) return false;
  if (isSequential(ctx)) {
    d.queue = [...players];
    nextTurn(ctx);
  }
  return true;
}

/** Who still has to choose this round. */
export function pendingChoosers(ctx: Ctx): PlayerId[] {
  const d = dealOf(ctx);
  return isSequential(ctx) ? [...d.queue] : inTurnOrder(d, d.in).filter((p) => !(p in d.choices));
}

function checkChooser(ctx: Ctx, playerId: PlayerId): void {
  const d = dealOf(ctx);
  if (d.drawing) throw new RuleError('wrong-step', 'Wait: a player is drawing', undefined, { key: 'drawing' });
  if (!d.players.includes(playerId)) {
    throw notDealtIn(ctx, playerId);
  }
  if (!d.in.includes(playerId))
    throw new RuleError('not-in-deal', "You're out of this deal", undefined, { key: 'outOfDeal' });
  if (isSequential(ctx) && d.queue[0] !== playerId) {
    throw playerId in d.choices
      ? new RuleError('already-declared', "You've already declared")
      : new RuleError('not-your-turn', "It's not your turn");
  }
}

export function declare(ctx: Ctx, playerId: PlayerId, choice: Choice): void {
  const kind = stepKind(ctx);
  if (kind === 'take' && choice === 'stay') {
    take(ctx, playerId);
    return;
  }
  if (kind !== 'declare' && kind !== 'take') throw new RuleError('wrong-step', 'The table is not waiting for that');
  checkChooser(ctx, playerId);
  const d = dealOf(ctx);
  if (choice === 'drop' && d.compulsory && d.round === 1) {
    throw new RuleError('cannot-drop', "You can't drop on the first round");
  }
  record(ctx, playerId, choice);
}

export function take(ctx: Ctx, playerId: PlayerId): void {
  const step = ctx.steps[dealOf(ctx).step];
  if (step?.kind !== 'take') throw new RuleError('wrong-step', 'The table is not waiting for that');
  checkChooser(ctx, playerId);
  const d = dealOf(ctx);
  const cards: number[] = [];
  for (let i = 0; i < step.count; i++) cards.push(cardFor(ctx, playerId));
  (d.hands[playerId] as number[]).push(...cards);
  (d.up[playerId] as number[]).push(...cards);
  const killed = killedBy(ctx.variant, ctx.s.options, d.hands[playerId] as number[], d.up[playerId] as number[]);
  if (killed) d.dead.push(playerId);
  ctx.events.push({ type: 'TookCard', playerId, cards, killed });
  record(ctx, playerId, 'stay');
}

/** The countdown ended: whoever has not chosen drops (stays, on a compulsory round). */
export function timeoutRound(ctx: Ctx): void {
  const d = dealOf(ctx);
  const forced: Choice = d.compulsory && d.round === 1 ? 'stay' : 'drop';
  const late = isSequential(ctx) ? d.queue.slice(0, 1) : pendingChoosers(ctx);
  for (const p of late) {
    d.timedOut.push(p);
    if (forced === 'stay' && stepKind(ctx) === 'take') take(ctx, p);
    else record(ctx, p, forced, 'timeout');
  }
}

function record(ctx: Ctx, playerId: PlayerId, choice: Choice, auto?: 'dealer' | 'timeout'): void {
  const d = dealOf(ctx);
  d.choices[playerId] = choice;
  const sequential = isSequential(ctx);
  ctx.events.push({
    type: 'Declared',
    playerId,
    round: d.round,
    choice: sequential ? choice : null,
    ...(auto ? { auto } : {}),
  });
  if (!sequential) {
    if (pendingChoosers(ctx).length === 0) completeRound(ctx);
    return;
  }
  d.queue.shift();
  const order = inTurnOrder(d, d.in);
  const others = order.slice(0, -1);
  const dealerFirstIn =
    playerId === order[order.length - 1] && choice === 'stay' && others.every((p) => d.choices[p] === 'drop');
  // With a kitty the dealer only has to beat it: no second chances (source 004).
  const asksAgain = ctx.variant.dealerFirstInAsksAgain && !handToBeat(ctx);
  if (asksAgain && dealerFirstIn && others.length > 0 && !d.askedAgain) {
    d.askedAgain = true;
    for (const p of others) delete d.choices[p];
    d.queue = others;
    ctx.events.push({ type: 'AskedAgain', round: d.round, players: others });
  }
  // In a sequential round followed by a draw, saying "in" means drawing now, before
  // the next player is asked, so everyone after sees how many cards were taken.
  if (choice === 'stay' && drawsInTurn(ctx) && !(playerId in (d.drawn ?? {}))) {
    d.drawing = playerId;
    return;
  }
  nextTurn(ctx);
}

/** The draw step that follows this declaration round, if the round is played in turn. */
export function drawStepInTurn(ctx: Ctx): { kind: 'draw'; max: number } | null {
  const d = dealOf(ctx);
  const next = ctx.steps[d.step + 1];
  return stepKind(ctx) === 'declare' && isSequential(ctx) && next?.kind === 'draw' ? next : null;
}

const drawsInTurn = (ctx: Ctx): boolean => drawStepInTurn(ctx) !== null;

/** The player drawing in turn has drawn (or let the countdown run out): the round goes on. */
export function drawnInTurn(ctx: Ctx): void {
  dealOf(ctx).drawing = null;
  nextTurn(ctx);
}

/** Gives the turn to the next player; the dealer is in by default when all before dropped (no hand to beat). */
function nextTurn(ctx: Ctx): void {
  const d = dealOf(ctx);
  const order = inTurnOrder(d, d.in);
  const dealerRule = stepKind(ctx) === 'declare' && !ctx.variant.dealerFirstInAsksAgain && !handToBeat(ctx);
  const last = d.queue[0];
  if (
    last !== undefined &&
    dealerRule &&
    d.queue.length === 1 &&
    order.length > 1 &&
    last === order[order.length - 1] &&
    order.slice(0, -1).every((p) => d.choices[p] === 'drop')
  ) {
    record(ctx, last, 'stay', 'dealer');
    return;
  }
  if (d.queue.length === 0) completeRound(ctx);
}

function completeRound(ctx: Ctx): void {
  const { s } = ctx;
  const d = dealOf(ctx);
  const order = inTurnOrder(d, d.in);
  const stayed = order.filter((p) => d.choices[p] === 'stay');
  const dropped = order.filter((p) => d.choices[p] !== 'stay');
  ctx.events.push({ type: 'Revealed', round: d.round, stayed, dropped, timedOut: [...d.timedOut] });
  const percent = s.options.dropPenalty;
  if (d.round > 1 && percent > 0) {
    for (const p of dropped) {
      const transfers: Transfer[] = [];
      move(s, transfers, player(p), POT, percentHalfUp(d.roundPot, percent), 'drop-penalty');
      if (transfers.length > 0) ctx.events.push({ type: 'DropPenalty', playerId: p, transfers });
    }
  }
  d.in = stayed;
  d.queue = [];
  d.step++;
  // Nobody left to play against, or a lone stayer playing the deck with the cards they
  // hold: straight to the showdown, which settles the deal.
  if (!ctx.variant.threeStage && (stayed.length === 0 || (stayed.length === 1 && !kittyPlays(ctx, 1)))) {
    d.step = ctx.steps.length - 1;
  }
  ctx.pending.push('next-step');
}
