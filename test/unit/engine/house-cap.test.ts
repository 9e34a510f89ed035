import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import { type Action, apply, awaiting, createGame, type GameState } from '../../../src/engine/index.ts';
import { MAX_CHIPS } from '../../../src/rules/index.ts';

/** Every event's transfers, whatever the event. */
const transfersOf = (events: readonly unknown[]) =>
  events.flatMap((e) => ((e as { transfers?: { amount: number }[] }).transfers ?? []) as { amount: number }[]);

/**
 * Three players who stay every deal with no cap: the two losers match the pot, so it
 * triples each deal and passes 2^53 some thirty deals on. The house cap keeps it exact.
 */
function playAllStay(options: Record<string, unknown>, deals: number) {
  let s: GameState = createGame({ variant: 'three-card', options, rng: Rng.fromSeed(3).state(), host: 'ann' });
  const players = ['ann', 'bob', 'cat'];
  for (const p of players) s = apply(s, { type: 'join', playerId: p, name: p }).state;
  const moved: number[] = [];
  const pots: number[] = [];
  let played = 0;
  const step = (action: Action) => {
    const out = apply(s, action);
    s = out.state;
    moved.push(...transfersOf(out.events).map((t) => t.amount));
  };
  while (played < deals && awaiting(s).kind !== 'over') {
    step({ type: 'startDeal', by: 'ann' });
    while (awaiting(s).kind === 'declare') {
      const w = awaiting(s) as { pending: string[] };
      step({ type: 'declare', playerId: w.pending[0] as string, choice: 'stay' });
    }
    pots.push(s.pot);
    played++;
  }
  return { s, moved, pots, played };
}

describe('the house cap: a pot nobody capped still fits', () => {
  it('keeps every pot and every payment within MAX_CHIPS over 80 deals, the excess in the reserve', () => {
    const { s, moved, pots, played } = playAllStay({ ante: 1000 }, 80);
    expect(played).toBe(80);
    expect(Math.max(...moved)).toBeLessThanOrEqual(MAX_CHIPS);
    expect(Math.max(...pots)).toBeLessThanOrEqual(MAX_CHIPS);
    expect(Math.max(...pots)).toBe(MAX_CHIPS);
    expect(s.reserve).toBeGreaterThan(0);
    for (const n of [...moved, ...pots, s.reserve]) expect(Number.isSafeInteger(n)).toBe(true);
  });

  it('changes nothing below it: a table cap of its own still rules', () => {
    const { moved, pots } = playAllStay({ ante: 10, cap: 500 }, 30);
    expect(Math.max(...moved)).toBeLessThanOrEqual(500);
    expect(Math.max(...pots)).toBe(500);
  });
});
