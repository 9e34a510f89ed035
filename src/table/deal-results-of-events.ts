import type { DealResult } from '../db/deal-results-store.ts';
import type { GameEvent } from '../engine/index.ts';

/**
 * Each player's part in the deals a step settled, from its events: in the deal or not,
 * stayed, won, net chips, what they took, the hand they showed. Written in the step's
 * own transaction (commit.ts), so stats never count a deal twice or miss one.
 */
export function dealResultsOf(events: readonly GameEvent[]): DealResult[] {
  const ended = events.find((e) => e.type === 'DealEnded');
  if (ended?.type !== 'DealEnded') return [];
  const taken = new Map<string, number>();
  for (const e of events) {
    if (e.type !== 'PotWon' && e.type !== 'WinnersPaid') continue;
    for (const t of e.transfers) if (t.to.kind === 'player') taken.set(t.to.id, (taken.get(t.to.id) ?? 0) + t.amount);
  }
  const shown = new Map<string, { name: string; value: number }>();
  for (const e of events) {
    if (e.type !== 'Showdown') continue;
    for (const h of e.hands) {
      const best = shown.get(h.playerId);
      if (!h.dead && (!best || h.hand.value > best.value)) {
        shown.set(h.playerId, { name: h.hand.description, value: h.hand.value });
      }
    }
  }
  return Object.entries(ended.delta).map(([userId, net]) => ({
    userId,
    stayed: ended.stayed.includes(userId),
    won: ended.winners.includes(userId),
    net,
    potWon: taken.get(userId) ?? 0,
    hand: shown.get(userId) ?? null,
  }));
}
