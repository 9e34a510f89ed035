import { MAX_CHIPS } from '../rules/option-specs.ts';
import type { Options } from '../rules/options.ts';
import type { Party, Transfer } from './transfer.ts';
import type { GameEvent, GameState, PlayerId } from './types.ts';

/** Chip movements and the money rules of docs/RULES.md: Settling a deal; every amount an integer. */

export const POT: Party = { kind: 'pot' };
export const RESERVE: Party = { kind: 'reserve' };
export const player = (id: PlayerId): Party => ({ kind: 'player', id });

/** These players pay the table's ante into the pot again (two-plus-one's stayers, source 003's droppers). */
export function anteAgain(s: GameState, events: GameEvent[], players: readonly PlayerId[]): void {
  const transfers: Transfer[] = [];
  for (const p of players) move(s, transfers, player(p), POT, s.options.ante, 'ante');
  if (transfers.length > 0) events.push({ type: 'Anted', transfers });
}

/**
 * Moves chips (nothing for a zero amount), records the transfer on `out` and on the
 * current deal, so a void deal can hand back exactly what it took.
 */
export function move(s: GameState, out: Transfer[], from: Party, to: Party, amount: number, reason: string): void {
  if (amount <= 0) return;
  if (from.kind === 'pot') s.pot -= amount;
  else if (from.kind === 'reserve') s.reserve -= amount;
  if (to.kind === 'pot') s.pot += amount;
  else if (to.kind === 'reserve') s.reserve += amount;
  const t: Transfer = { from, to, amount, reason };
  out.push(t);
  s.deal?.transfers.push(t);
}

/** Percent of an amount, rounded half up (drop penalties). */
export const percentHalfUp = (amount: number, percent: number): number => Math.floor((amount * percent + 50) / 100);

/** What one loser pays at a showdown whose pot is `pot` (docs/RULES.md: Settling a deal: match, burn, percent, cap). */
/**
 * The cap in force: the table's, or else the house's (the most chips an option can
 * name). Without it, a pot that every loser matches triples deal after deal and, some
 * thirty deals on, no longer fits an exact integer; with it, no deal moves more than a
 * thousand million chips a player and the excess goes to the reserve, as any cap's does.
 */
export const capOf = (options: Options): number => options.cap ?? MAX_CHIPS;

export function lossAmount(options: Options, pot: number, dealNo: number): number {
  const m = options.match;
  let pay = pot;
  if (m.kind === 'burn') pay = Math.min(pot, options.progressiveBurn ? m.amount * dealNo : m.amount);
  else if (m.kind === 'percent') pay = Math.floor((pot * m.percent) / 100);
  return Math.min(pay, capOf(options));
}

/**
 * What the winners of a pot share: `min(P, N)` under a cap. With the reserve style the
 * pot is at most N anyway, except for antes and penalties paid during the deal.
 */
export function winAmount(options: Options, pot: number): number {
  return Math.min(pot, capOf(options));
}

/** Winners share `amount` from the pot equally; the odd chips stay in the pot. */
export function payWinners(s: GameState, events: GameEvent[], winners: PlayerId[], amount: number): void {
  const share = Math.floor(amount / winners.length);
  const transfers: Transfer[] = [];
  for (const w of winners) move(s, transfers, POT, player(w), share, 'win');
  events.push({ type: 'PotWon', winners, transfers });
}

/** Each loser pays `amount` into the pot. */
export function matchPot(
  s: GameState,
  events: GameEvent[],
  losers: PlayerId[],
  amount: number,
  reason = 'match',
): void {
  if (losers.length === 0) return;
  const transfers: Transfer[] = [];
  for (const l of losers) move(s, transfers, player(l), POT, amount, reason);
  events.push({ type: 'PotMatched', losers, transfers });
}

/**
 * Keeps the pot at the cap (excess to the reserve) and, once a pot is won (empty),
 * takes a new one of `min(N, reserve)` from the reserve (docs/RULES.md: Settling a deal).
 */
export function balanceReserve(s: GameState, events: GameEvent[]): void {
  const cap = capOf(s.options);
  if (s.options.capStyle === 'reserve' && s.pot > cap) {
    const transfers: Transfer[] = [];
    move(s, transfers, POT, RESERVE, s.pot - cap, 'reserve-overflow');
    events.push({ type: 'ReserveOverflow', transfers });
  }
  if (s.reserve > 0 && s.pot === 0) {
    const transfers: Transfer[] = [];
    move(s, transfers, RESERVE, POT, Math.min(s.reserve, cap), 'reserve-refill');
    events.push({ type: 'ReserveFilled', transfers });
  }
}

/** The antes at the start of a deal (docs/RULES.md: How every game goes). */
export function collectAntes(s: GameState, events: GameEvent[], dealt: PlayerId[]): void {
  const o = s.options;
  const everybody = s.pot === 0 || s.reanteNext;
  if (!everybody && !o.everybodyAntes) return;
  const excused = everybody || !o.loserSkipsAnte ? [] : s.excused;
  const transfers: Transfer[] = [];
  for (const id of dealt) if (!excused.includes(id)) move(s, transfers, player(id), POT, o.ante, 'ante');
  if (transfers.length > 0) events.push({ type: 'Anted', transfers });
}
