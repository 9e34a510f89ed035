import { dealsSteps, type HistoryLine } from '../db/hand-history.ts';
import type { Db } from '../db/transaction.ts';
import type { GameState } from '../engine/index.ts';

/** A finished game's result per player, best first. */
export interface Standings {
  deals: number;
  /** Net chips per player over the game, highest first. */
  net: { playerId: string; name: string | null; chips: number }[];
  /** Each player's net chips after each deal of the game, first deal first (the night's chart). */
  series?: Record<string, number[]>;
  pot: number;
  reserve: number;
}

/** Adds up the game's deals from the hand history (deals `dealBase + 1` to `dealBase + state.dealNo`). */
export async function standings(db: Db, tableId: number, state: GameState, dealBase: number): Promise<Standings> {
  const net = new Map<string, number>();
  const series: Record<string, number[]> = {};
  const byDeal = new Map<number, HistoryLine[]>();
  for (const step of await dealsSteps(db, tableId, dealBase + 1, dealBase + state.dealNo)) {
    byDeal.set(step.dealNo, [...(byDeal.get(step.dealNo) ?? []), ...step.events]);
  }
  for (let deal = dealBase + 1; deal <= dealBase + state.dealNo; deal++) {
    for (const e of byDeal.get(deal) ?? []) {
      if (e.type !== 'DealEnded') continue;
      for (const [id, n] of Object.entries(e.delta)) net.set(id, (net.get(id) ?? 0) + n);
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
    pot: state.pot,
    reserve: state.reserve,
  };
}
