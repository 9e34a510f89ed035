import type { Rng } from '../../../src/cards/rng.ts';
import type { Party, Transfer } from '../../../src/engine/transfer.ts';

/** What a synthetic game remembers between deals (the engine's pot and reserve). */
export interface SyntheticTable {
  pot: number;
  reserve: number;
}

const POT: Party = { kind: 'pot' };
const RESERVE: Party = { kind: 'reserve' };
const player = (id: string): Party => ({ kind: 'player', id });

/**
 * One deal's transfers in the shapes the engine emits (RULES §3, capped with a
 * reserve): everyone antes into an empty pot, a random set stays, one of them wins
 * the pot, the others match it, the excess over the cap goes to the reserve, and an
 * emptied pot is refilled from the reserve. Updates `table` like the engine would.
 */
export function syntheticDeal(rng: Rng, players: readonly string[], table: SyntheticTable, ante = 10, cap = 100) {
  const transfers: Transfer[] = [];
  const move = (from: Party, to: Party, amount: number, reason: string) => {
    if (amount > 0) transfers.push({ from, to, amount, reason });
  };
  if (table.pot === 0) {
    for (const p of players) move(player(p), POT, ante, 'ante');
    table.pot = ante * players.length;
  }
  const stayers = players.filter(() => rng.int(2) === 1);
  if (stayers.length === 0) return transfers;
  const winner = stayers[rng.int(stayers.length)]!;
  const played = table.pot;
  move(POT, player(winner), played, 'win');
  table.pot = 0;
  for (const loser of stayers) {
    if (loser === winner) continue;
    move(player(loser), POT, played, 'match');
    table.pot += played;
  }
  if (table.pot > cap) {
    move(POT, RESERVE, table.pot - cap, 'reserve-overflow');
    table.reserve += table.pot - cap;
    table.pot = cap;
  }
  if (table.pot === 0 && table.reserve > 0) {
    const refill = Math.min(cap, table.reserve);
    move(RESERVE, POT, refill, 'reserve-refill');
    table.reserve -= refill;
    table.pot = refill;
  }
  return transfers;
}

/** Each player's net chips over a list of transfers (what their ledger balance must be). */
export function netByPlayer(transfers: readonly Transfer[]): Map<string, number> {
  const net = new Map<string, number>();
  for (const t of transfers) {
    if (t.from.kind === 'player') net.set(t.from.id, (net.get(t.from.id) ?? 0) - t.amount);
    if (t.to.kind === 'player') net.set(t.to.id, (net.get(t.to.id) ?? 0) + t.amount);
  }
  return net;
}
