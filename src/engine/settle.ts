import { type Ctx, dealOf } from './context.ts';
import { maxOf, type Verdict } from './judge.ts';
import { balanceReserve, capOf, lossAmount, matchPot, move, POT, payWinners, player, winAmount } from './money.ts';
import type { Transfer } from './transfer.ts';
import type { PlayerId } from './types.ts';

/** Settling a judged showdown (docs/RULES.md: Settling a deal). */

/**
 * Moves the chips of a showdown whose pot was `pot`, then keeps the pot and reserve
 * in line. True when someone took the pot on legs.
 */
export function settleShowdown(ctx: Ctx, verdict: Verdict, pot: number): boolean {
  const { s } = ctx;
  const potTaken = settle(ctx, verdict.winners, verdict.losers, pot);
  s.compulsoryNext = s.pot === 0;
  balanceReserve(s, ctx.events);
  // A pot refilled from the reserve is a new race for legs.
  if (potTaken && s.pot > 0) for (const seat of s.players) seat.legs = 0;
  return potTaken;
}

/** Moves the chips of a showdown; true when someone took the pot on legs. */
function settle(ctx: Ctx, winners: PlayerId[], losers: PlayerId[], pot: number): boolean {
  const { s, events } = ctx;
  const o = s.options;
  const pay = lossAmount(o, pot, s.dealNo);
  for (const l of losers) if (!s.excused.includes(l)) s.excused.push(l);
  if (winners.length === 0) {
    matchPot(s, events, losers, pay);
    return false;
  }
  if (losers.length === 0) {
    if (o.legs !== null) return awardLegs(ctx, winners, pot);
    if (winners.length === 1 || o.ties === 'split') payWinners(s, events, winners, winAmount(o, pot));
    return false;
  }
  const splitting = winners.length === 1 || o.ties === 'split';
  if (o.money === 'pay-winner' && splitting) {
    // 3-5-7 (source 003): each loser pays the pot amount to every winner; the pot is untouched.
    const transfers: Transfer[] = [];
    for (const l of losers) for (const w of winners) move(s, transfers, player(l), player(w), pay, 'pay-winner');
    events.push({ type: 'WinnersPaid', losers, transfers });
    return false;
  }
  if (splitting) payWinners(s, events, winners, winAmount(o, pot));
  matchPot(s, events, losers, pay);
  return false;
}

/** Legs instead of the pot (docs/RULES.md: Who else must be beaten); the first to the target takes the pot. */
function awardLegs(ctx: Ctx, winners: PlayerId[], pot: number): boolean {
  const { s } = ctx;
  const target = s.options.legs as number;
  for (const seat of s.players) if (winners.includes(seat.id)) seat.legs++;
  const legs = Object.fromEntries(s.players.filter((p) => p.legs > 0).map((p) => [p.id, p.legs]));
  ctx.events.push({ type: 'LegAwarded', playerIds: winners, legs });
  const reached = s.players.filter((p) => winners.includes(p.id) && p.legs >= target).map((p) => p.id);
  if (reached.length === 0) return false;
  payWinners(s, ctx.events, reached, winAmount(s.options, pot));
  return true;
}

/**
 * Nobody stayed (docs/RULES.md: Settling a deal): carry, re-ante next deal, or the best hand pays (the
 * wimp); with `wimp-wild`, so does every dropper holding a wild card, each once.
 */
export function allDropped(
  ctx: Ctx,
  values: () => ReadonlyMap<PlayerId, number>,
  holdsWild: (p: PlayerId) => boolean = () => false,
): void {
  const { s } = ctx;
  const o = s.options;
  const transfers: Transfer[] = [];
  if (o.allDrop === 'reante') s.reanteNext = true;
  if (o.allDrop === 'wimp' || o.allDrop === 'wimp-wild') {
    const all = values();
    const amount = Math.min(o.wimpAmount ?? s.pot, capOf(o));
    const payers = new Set(maxOf(all, [...all.keys()]));
    if (o.allDrop === 'wimp-wild') for (const p of dealOf(ctx).players) if (holdsWild(p)) payers.add(p);
    for (const p of payers) move(s, transfers, player(p), POT, amount, 'wimp');
  }
  ctx.events.push({ type: 'AllDropped', rule: o.allDrop, transfers });
}
