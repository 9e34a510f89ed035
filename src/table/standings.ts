import { dealsHistory } from '../db/hand-history.ts';
import type { Db } from '../db/transaction.ts';
import type { GameState } from '../engine/index.ts';

/** A finished game's result per player, best first. */
export interface Standings {
  deals: number;
  /** Net chips per player over the game, highest first. */
  net: { playerId: string; name: string | null; chips: number }[];
  pot: number;
  reserve: number;
}

/** Adds up the game's deals from the hand history (deals `dealBase + 1` to `dealBase + state.dealNo`). */
export async function standings(db: Db, tableId: number, state: GameState, dealBase: number): Promise<Standings> {
  const net = new Map<string, number>();
  for (const e of await dealsHistory(db, tableId, dealBase + 1, dealBase + state.dealNo)) {
    if (e.type !== 'DealEnded') continue;
    for (const [id, n] of Object.entries(e.delta)) net.set(id, (net.get(id) ?? 0) + n);
  }
  const names = new Map(state.players.map((p) => [p.id, p.name]));
  return {
    deals: state.dealNo,
    net: [...net]
      .sort((a, b) => b[1] - a[1])
      .map(([playerId, chips]) => ({ playerId, name: names.get(playerId) ?? null, chips })),
    pot: state.pot,
    reserve: state.reserve,
  };
}
