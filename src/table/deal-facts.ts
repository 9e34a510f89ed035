import type { HistoryLine } from '../db/hand-history.ts';
// From its own module, not the engine's index: the step writer's thread imports this, and
// the index brings the whole engine and the hands' tables (a third of its start-up).
import { isComputerId } from '../engine/types.ts';
import type { DealFacts } from '../rules/achievements.ts';

/** A computer seat's level from its id ("cpu-bold-2"); an older seat's id ("cpu-2") does not say. */
const levelOf = (id: string): string => {
  const parts = id.split('-');
  return parts.length >= 3 ? (parts[1] as string) : 'unknown';
};

/**
 * Each person's part in a settled deal, as the achievements' rules read it, from the
 * lines of the step that settled it. Empty when the lines settle no deal. Computer
 * players earn nothing, so they have no facts (they are counted in each person's).
 */
export function dealFactsOf(lines: readonly HistoryLine[], variant: string, ante: number): Map<string, DealFacts> {
  const ended = lines.find((e) => e.type === 'DealEnded');
  const facts = new Map<string, DealFacts>();
  if (ended?.type !== 'DealEnded') return facts;
  // Everyone dealt in has a line in the deal's result, even at 0.
  const dealt = Object.keys(ended.delta);
  const computers = dealt.filter(isComputerId).map(levelOf);
  const people = dealt.filter((id) => !isComputerId(id));
  const taken = new Map<string, number>();
  const shown = new Map<string, { ranking: string; category: string; value: number }>();
  const killed = new Set<string>();
  let potWinners: readonly string[] = [];
  let legs: Record<string, number> | null = null;
  for (const e of lines) {
    if (e.type === 'PotWon' || e.type === 'WinnersPaid') {
      for (const t of e.transfers) if (t.to.kind === 'player') taken.set(t.to.id, (taken.get(t.to.id) ?? 0) + t.amount);
    }
    if (e.type === 'PotWon') potWinners = e.winners;
    if (e.type === 'LegAwarded') legs = e.legs;
    if (e.type === 'TookCard' && e.killed) killed.add(e.playerId);
    if (e.type !== 'Showdown') continue;
    for (const h of e.hands) {
      if (h.dead) killed.add(h.playerId);
      const best = shown.get(h.playerId);
      if (!h.dead && (!best || h.hand.value > best.value)) shown.set(h.playerId, h.hand);
    }
  }
  for (const userId of people) {
    const hand = shown.get(userId);
    const mine = legs ? Object.keys(legs) : [];
    facts.set(userId, {
      variant,
      won: ended.winners.includes(userId),
      stayed: ended.stayed.includes(userId),
      potWon: taken.get(userId) ?? 0,
      ante,
      people: people.length,
      computers,
      hand: hand ? { ranking: hand.ranking, category: hand.category } : null,
      rivalsShown: [...shown.keys()].filter((id) => id !== userId).length,
      killed: killed.has(userId),
      sweptLegs: potWinners.includes(userId) && mine.length === 1 && mine[0] === userId,
    });
  }
  return facts;
}
