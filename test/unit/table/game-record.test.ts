import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/cards/rng.ts';
import type { TableRecord } from '../../../src/db/table-store.ts';
import { apply, type GameState } from '../../../src/engine/index.ts';
import { listVariants, RuleError } from '../../../src/rules/index.ts';
import { gameRecord } from '../../../src/table/game-record.ts';
import { OPTION_SETS, randomAction } from '../engine/driver.ts';
import { newGame } from '../engine/random-games.ts';

/** A state as any JSON: each case below breaks it its own way. */
// biome-ignore lint/suspicious/noExplicitAny: a broken state has no type
type Broken = Record<string, any>;

/** A row as the database gives it back: the state through JSON. */
const row = (state: unknown): TableRecord => ({
  id: 7,
  guildId: 'g',
  channelId: 'c',
  version: 1,
  running: true,
  state: JSON.parse(JSON.stringify(state)),
  deadline: null,
  messages: {},
  dealNo: 1,
  updatedAt: 0,
});

/** Every state a short random game of each variant passes through (fair and not). */
function playedStates(): GameState[] {
  const states: GameState[] = [];
  for (const [v, variant] of listVariants().entries()) {
    const fair = v % 2 ? (v % 16).toString(16).repeat(64) : undefined;
    // The first of the option sets this variant can play, from its own place in the list.
    const game = OPTION_SETS.map((_, i) => newGame(variant.id, v, v + i, 4, fair)).find((g) => g !== null);
    if (!game) throw new Error(`${variant.id} plays none of the option sets`);
    const rng = Rng.fromSeed(v + 1);
    let s = game.state;
    states.push(s);
    for (let i = 0; i < 60 && s.phase !== 'over'; i++) {
      try {
        s = apply(s, randomAction(s, rng, game.players)).state;
        states.push(s);
      } catch (err) {
        if (!(err instanceof RuleError)) throw err;
      }
    }
  }
  return states;
}

describe('a table row read as a game', () => {
  const states = playedStates();
  const midDeal = states.find((s) => s.phase === 'deal' && s.fair && s.deal?.stack === null) as GameState;

  it('takes every state the engine makes, in every variant, as it was stored', () => {
    expect(new Set(states.map((s) => s.variant)).size).toBe(listVariants().length);
    expect(new Set(states.map((s) => s.phase))).toEqual(new Set(['lobby', 'deal', 'between-deals', 'over']));
    for (const s of states) {
      const stored = row(s);
      const read = gameRecord(stored);
      expect(read.state).toBe(stored.state); // checked, not copied or stripped
    }
  });

  it('takes what older games saved: a seed record for checkpoints, no drawing fields', () => {
    const older = structuredClone(midDeal) as GameState & { deal: Record<string, unknown> };
    if (older.fair) older.fair.checkpoints = { 1: 'ab'.repeat(32) };
    delete older.deal.drawing;
    delete older.deal.drawn;
    expect(gameRecord(row(older)).state).toEqual(older);
    expect(gameRecord(row(null)).state).toBeNull();
  });

  const broken: [string, (s: Broken) => void][] = [
    ['a card that is no card', (s) => (s.deal.deck[0] = 52)],
    ['a hand of strings', (s) => (s.deal.hands[s.deal.players[0]] = ['As'])],
    ['no deck', (s) => delete s.deal.deck],
    ['no options', (s) => delete s.options],
    ['an option the engine does not know the value of', (s) => (s.options.deadly = 'sometimes')],
    ['an option missing', (s) => delete s.options.deadlyRank],
    ['a short random state', (s) => (s.rng = [1, 2, 3])],
    ['a pot of chips and a half', (s) => (s.pot = 10.5)],
    ['a seat without its legs', (s) => delete s.players[0].legs],
    [
      'a transfer from nowhere',
      (s) => s.deal.transfers.push({ from: { kind: 'bank' }, to: { kind: 'pot' }, amount: 1, reason: 'x' }),
    ],
    ['another version', (s) => (s.v = 2)],
    ['a phase of its own', (s) => (s.phase = 'paused')],
  ];
  it.each(broken)('refuses a state with %s', (_, breakIt) => {
    const state: Broken = structuredClone(midDeal);
    breakIt(state);
    expect(() => gameRecord(row(state))).toThrow('table 7 holds no game state');
  });
});
