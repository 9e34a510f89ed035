import { fullDeck } from '../cards/deck.ts';
import { RuleError } from '../rules/rule-error.ts';
import { anteUp, finishDeal, openDeal } from './bookends.ts';
import { boardCard, type Ctx, cardFor, dealOf, inTurnOrder } from './context.ts';
import { fairDeckFor, notePress, revealSeed } from './fair.ts';
import { anteAgain, move } from './money.ts';
import { beginPicks } from './picks.ts';
import { beginRound } from './round.ts';
import { showdown } from './showdown.ts';
import type { Transfer } from './transfer.ts';
import type { PlayerId, Stack } from './types.ts';

/** A deal's life: start, the automatic steps between decisions, the end. */

function stackedCards(stack: Stack | undefined): number[] {
  if (!stack) return [];
  return [...Object.values(stack.cards ?? {}).flat(), ...Object.values(stack.board ?? {}), ...(stack.kitty ?? [])];
}

export function startDeal(ctx: Ctx, by: PlayerId, stack: Stack | undefined, press?: string): void {
  const { s } = ctx;
  if (s.fair && stack) throw new RuleError('stacked-fair', 'A fair game deals from its committed seeds only');
  const opened = openDeal(ctx, by);
  notePress(s, press);
  const fair = fairDeckFor(s);
  const { players } = opened;
  const taken = new Set(stackedCards(stack));
  const hands: Record<PlayerId, number[]> = {};
  const up: Record<PlayerId, number[]> = {};
  for (const p of players) {
    hands[p] = [];
    up[p] = [];
  }
  s.deal = {
    players,
    dealer: opened.dealer,
    step: 0,
    hands,
    up,
    board: {},
    removed: [],
    deck: fair ? fair.deck : taken.size === 0 ? fullDeck() : fullDeck().filter((c) => !taken.has(c)),
    ...(fair ? { serverSeed: fair.serverSeed } : {}),
    stack: stack ?? null,
    dealtTo: {},
    kitty: null,
    in: [...players],
    dead: [],
    round: 0,
    choices: {},
    timedOut: [],
    picks: {},
    queue: [],
    askedAgain: false,
    drawing: null,
    drawn: {},
    compulsory: opened.compulsory,
    roundPot: 0,
    transfers: [],
    stayed: [],
    winners: [],
  };
  s.phase = 'deal';
  anteUp(ctx, opened);
  ctx.pending.push('next-step');
}

/** Runs the work the action left (see `PendingWork`) until none is left. */
export function runPending(ctx: Ctx): void {
  for (let work = ctx.pending.shift(); work; work = ctx.pending.shift()) {
    if (work === 'next-step') runSteps(ctx);
  }
}

/**
 * Runs the automatic steps until the deal waits for players or ends. A round that
 * completes at once (a dealer in by default) queues the next step again.
 */
function runSteps(ctx: Ctx): void {
  for (;;) {
    const d = ctx.s.deal;
    if (!d) return;
    const step = ctx.steps[d.step];
    if (!step) {
      endDeal(ctx, false);
      return;
    }
    switch (step.kind) {
      case 'deal':
        dealPrivate(ctx, step.count, step.to === 'all' ? d.players : inTurnOrder(d, d.in), step.faceUp === true);
        break;
      case 'board': {
        const board: Record<string, number> = {};
        for (const pos of step.positions) board[pos] = d.board[pos] = boardCard(ctx, pos);
        ctx.events.push({ type: 'Dealt', private: {}, faceUp: {}, board });
        break;
      }
      case 'remove':
        d.removed.push(...step.positions);
        ctx.events.push({ type: 'BoardRemoved', positions: [...step.positions] });
        break;
      case 'ante-in':
        anteAgain(ctx.s, ctx.events, inTurnOrder(d, d.in));
        break;
      case 'declare':
      case 'take':
        if (beginRound(ctx)) return;
        break;
      case 'pass':
      case 'discard':
      case 'draw':
        if (beginPicks(ctx)) return;
        break;
      case 'showdown':
        if (showdown(ctx, step.hand, d.step === ctx.steps.length - 1)) {
          endDeal(ctx, false);
          return;
        }
        break;
      default:
        step satisfies never;
    }
    d.step++;
  }
}

function dealPrivate(ctx: Ctx, count: number, to: readonly PlayerId[], faceUp: boolean): void {
  const d = dealOf(ctx);
  const dealt: Record<PlayerId, number[]> = Object.fromEntries(to.map((p) => [p, []]));
  // One card at a time round the table, as a dealer would.
  for (let i = 0; i < count; i++) {
    for (const p of to) {
      const card = cardFor(ctx, p);
      (d.hands[p] as number[]).push(card);
      (dealt[p] as number[]).push(card);
      if (faceUp) (d.up[p] as number[]).push(card);
    }
  }
  if (to.length > 0) {
    ctx.events.push({ type: 'Dealt', private: faceUp ? {} : dealt, faceUp: faceUp ? dealt : {}, board: {} });
  }
}

/** The deck ran out: everything this deal moved goes back, and the deal ends without a result. */
export function voidDeal(ctx: Ctx, reason: string): void {
  const d = dealOf(ctx);
  const transfers: Transfer[] = [];
  for (const t of [...d.transfers].reverse()) move(ctx.s, transfers, t.to, t.from, t.amount, 'refund');
  ctx.events.push({ type: 'DealVoided', reason, transfers });
  endDeal(ctx, true);
}

function endDeal(ctx: Ctx, voided: boolean): void {
  const d = dealOf(ctx);
  const proof = revealSeed(ctx.s, d);
  finishDeal(ctx, {
    players: d.players,
    transfers: d.transfers,
    stayed: d.stayed,
    winners: d.winners,
    voided,
    ...(proof ? { proof } : {}),
  });
}
