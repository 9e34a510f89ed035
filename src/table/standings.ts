import { dealsSteps, gameEvents, type HistoryLine } from '../db/hand-history.ts';
import type { Db } from '../db/transaction.ts';
import { type GameState, transfersOf } from '../engine/index.ts';
import { type NightRecap, nightRecap } from './night-recap.ts';

/** A finished game's result per player, best first. */
export interface Standings {
  deals: number;
  /** Net chips per player over the game, highest first. */
  net: { playerId: string; name: string | null; chips: number }[];
  /** Each player's net chips after each deal of the game, first deal first (the night's chart). */
  series?: Record<string, number[]>;
  pot: number;
  reserve: number;
  /** The game is still under way (its standings so far); else when it was last played (epoch ms), where known. */
  running?: boolean;
  playedAt?: number;
  /** The night's moments (night-recap.ts), for the chat's and the Activity's final standings. */
  recap?: NightRecap;
}

/**
 * Adds up the game's deals from the hand history (deals `dealBase + 1` to `dealBase +
 * state.dealNo`): each ended deal by its result, and a deal the game ended in the middle
 * of (a restart) by the chips it moved, its antes in the pot that stays with the channel.
 */
export async function standings(db: Db, tableId: number, state: GameState, dealBase: number): Promise<Standings> {
  const net = new Map<string, number>();
  const add = (id: string, n: number) => net.set(id, (net.get(id) ?? 0) + n);
  const series: Record<string, number[]> = {};
  const byDeal = new Map<number, HistoryLine[]>();
  for (const step of await dealsSteps(db, tableId, dealBase + 1, dealBase + state.dealNo)) {
    byDeal.set(step.dealNo, [...(byDeal.get(step.dealNo) ?? []), ...step.events]);
  }
  for (let deal = dealBase + 1; deal <= dealBase + state.dealNo; deal++) {
    const events = byDeal.get(deal) ?? [];
    let ended = false;
    for (const e of events) {
      if (e.type !== 'DealEnded') continue;
      ended = true;
      for (const [id, n] of Object.entries(e.delta)) add(id, n);
    }
    // Only the game's last deal can have ended in its middle: the chips it moved count.
    if (!ended && deal === dealBase + state.dealNo) {
      for (const { from, to, amount } of transfersOf(gameEvents(events))) {
        if (from.kind === 'player') add(from.id, -amount);
        if (to.kind === 'player') add(to.id, amount);
      }
    }
    // A player who joined later is at 0 before their first deal.
    const done = deal - dealBase;
    for (const [id, n] of net) (series[id] ??= Array<number>(done - 1).fill(0)).push(n);
  }
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  return {
    deals: state.dealNo,
    net: [...net]
      .sort((a, b) => b[1] - a[1])
      .map(([playerId, chips]) => ({ playerId, name: names.get(playerId) ?? null, chips })),
    series,
    recap: nightRecap([...byDeal].map(([dealNo, lines]) => ({ dealNo, lines }))),
    pot: state.pot,
    reserve: state.reserve,
  };
}
