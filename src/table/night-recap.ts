import type { HistoryLine } from '../db/hand-history.ts';
import type { HandResult } from '../hands/index.ts';

/** A hand as the recap names it: enough for `handName` to say it in any language. */
export type RecapHand = Pick<HandResult, 'ranking' | 'value' | 'description'>;

/**
 * The night's moments, worked out from a game's hand history at its end: what the final
 * standings tell beside the net chips. Each is absent when the game gave none (no pot
 * taken, no hand shown, no run of two wins, nobody dropped). Ties go to whoever got
 * there first (the earlier deal), so the same history always tells the same recap.
 */
export interface NightRecap {
  /** The most chips one player took in one deal. */
  biggestPot?: { playerId: string; chips: number; dealNo: number };
  /** The best hand shown at a showdown (among the hands of the night's one ranking, the first deal's). */
  bestHand?: { playerId: string; hand: RecapHand; dealNo: number };
  /** The most deals in a row one player won (two or more). */
  longestRun?: { playerId: string; deals: number };
  /** The weakest hand that won a showdown: the stay that took the most nerve. */
  boldestStay?: { playerId: string; hand: RecapHand; dealNo: number };
  /** Who dropped most often, of the deals they were dealt into. */
  mostDrops?: { playerId: string; drops: number; deals: number };
}

/** The recap of a game's deals, each deal's lines in commit order, first deal first. */
export function nightRecap(deals: readonly { dealNo: number; lines: readonly HistoryLine[] }[]): NightRecap {
  const recap: NightRecap = {};
  const runs = new Map<string, number>();
  const drops = new Map<string, { drops: number; deals: number }>();
  let ranking: RecapHand['ranking'] | null = null;
  for (const { dealNo, lines } of deals) {
    const taken = new Map<string, number>();
    const shown = new Map<string, RecapHand>();
    let dealt: readonly string[] = [];
    for (const e of lines) {
      if (e.type === 'DealStarted') dealt = e.players;
      if (e.type === 'PotWon' || e.type === 'WinnersPaid') {
        for (const t of e.transfers)
          if (t.to.kind === 'player') taken.set(t.to.id, (taken.get(t.to.id) ?? 0) + t.amount);
      }
      if (e.type === 'Showdown') {
        for (const h of e.hands) {
          if (h.dead) continue;
          ranking ??= h.hand.ranking;
          const before = shown.get(h.playerId);
          if (h.hand.ranking === ranking && (!before || h.hand.value > before.value)) shown.set(h.playerId, h.hand);
        }
      }
      if (e.type !== 'DealEnded') continue;
      for (const [playerId, chips] of taken) {
        if (chips > (recap.biggestPot?.chips ?? 0)) recap.biggestPot = { playerId, chips, dealNo };
      }
      for (const [playerId, hand] of shown) {
        if (hand.value > (recap.bestHand?.hand.value ?? -1)) recap.bestHand = { playerId, hand, dealNo };
        const weakest = recap.boldestStay?.hand.value ?? Number.POSITIVE_INFINITY;
        if (e.winners.includes(playerId) && hand.value < weakest) recap.boldestStay = { playerId, hand, dealNo };
      }
      for (const playerId of new Set([...dealt, ...Object.keys(e.delta)])) {
        const run = e.winners.includes(playerId) ? (runs.get(playerId) ?? 0) + 1 : 0;
        runs.set(playerId, run);
        if (run >= 2 && run > (recap.longestRun?.deals ?? 0)) recap.longestRun = { playerId, deals: run };
      }
      for (const playerId of dealt) {
        const count = drops.get(playerId) ?? { drops: 0, deals: 0 };
        count.deals += 1;
        if (!e.stayed.includes(playerId)) count.drops += 1;
        drops.set(playerId, count);
      }
    }
  }
  for (const [playerId, count] of drops) {
    if (count.drops > (recap.mostDrops?.drops ?? 0)) recap.mostDrops = { playerId, ...count };
  }
  return recap;
}
