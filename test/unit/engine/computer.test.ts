import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildChain, type FairChain, seedOfDeal } from '../../../src/cards/fair-deck.ts';
import { Rng } from '../../../src/cards/rng.ts';
import {
  type Action,
  apply,
  awaiting,
  COMPUTER_LEVELS,
  computerMove,
  createGame,
  type GameState,
  publicView,
} from '../../../src/engine/index.ts';
import { faceDownPositions, getVariant, listVariants, RuleError } from '../../../src/rules/index.ts';
import { equalTo } from './cheap-checks.ts';
import { randomAction, refusal, run } from './driver.ts';
import { newGame } from './random-games.ts';

const RUNS = Math.max(20, Math.floor(Number(process.env.GUTS_PROPERTY_RUNS ?? 1000) / 10));
const VARIANTS = listVariants()
  .filter((v) => v.available)
  .map((v) => v.id);

function lobby(variant = 'three-card', options: Record<string, unknown> = {}): GameState {
  let s = createGame({ variant, options, pot: 0, reserve: 0, rng: Rng.fromSeed(7).state(), host: 'ann' });
  ({ state: s } = run(s, { type: 'join', playerId: 'ann', name: 'Ann' }));
  return s;
}

describe('seating computer players', () => {
  it('lets the host seat them in the lobby, named as what they are, and take them away again', () => {
    let s = lobby();
    const added = run(s, { type: 'addComputer', by: 'ann', level: 'cautious' });
    s = added.state;
    expect(added.events).toContainEqual({
      type: 'PlayerJoined',
      playerId: 'cpu-cautious-1',
      name: '🤖 Ada (cautious)',
    });
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    expect(s.players.map((p) => [p.id, p.computer])).toEqual([
      ['ann', undefined],
      ['cpu-cautious-1', 'cautious'],
      ['cpu-bold-2', 'bold'],
    ]);
    const removed = run(s, { type: 'removeComputer', by: 'ann' });
    expect(removed.events).toContainEqual({ type: 'PlayerLeft', playerId: 'cpu-bold-2' });
    // A freed name is reused: the next one is number 2 again, with its own level in its id.
    ({ state: s } = run(removed.state, { type: 'addComputer', by: 'ann', level: 'balanced' }));
    expect(s.players.at(-1)).toMatchObject({ id: 'cpu-balanced-2', name: '🤖 Babbage (balanced)' });
  });

  it('gives Ada at two levels two ids, so her results as each stay apart in the ledger and stats', () => {
    const ada = (level: 'cautious' | 'balanced') =>
      run(lobby(), { type: 'addComputer', by: 'ann', level }).state.players.at(-1);
    expect(ada('cautious')).toMatchObject({ id: 'cpu-cautious-1', name: '🤖 Ada (cautious)' });
    expect(ada('balanced')).toMatchObject({ id: 'cpu-balanced-1', name: '🤖 Ada (balanced)' });
  });

  it('refuses anyone but the host, after the first deal, past the table size, and a level that is not one', () => {
    let s = lobby();
    ({ state: s } = run(s, { type: 'join', playerId: 'bob', name: 'Bob' }));
    expect(refusal(s, { type: 'addComputer', by: 'bob', level: 'bold' }).code).toBe('not-host');
    expect(refusal(s, { type: 'removeComputer', by: 'ann' }).code).toBe('no-computer');
    expect(refusal(s, { type: 'addComputer', by: 'ann', level: 'reckless' as never }).code).toBe('bad-level');
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    const dealt = run(s, { type: 'startDeal', by: 'ann' }).state;
    expect(refusal(dealt, { type: 'addComputer', by: 'ann', level: 'bold' }).code).toBe('game-started');
    expect(refusal(dealt, { type: 'removeComputer', by: 'ann' }).code).toBe('game-started');
    // Iron Cross seats at most 11 (its deck): the host alone fills the table, and no more.
    let full = lobby('iron-cross');
    for (let i = 1; i < 11; i++) ({ state: full } = run(full, { type: 'addComputer', by: 'ann', level: 'balanced' }));
    expect(full.players).toHaveLength(11);
    expect(full.players.at(-1)?.name).toBe('🤖 Ada 2 (balanced)');
    expect(refusal(full, { type: 'addComputer', by: 'ann', level: 'balanced' }).code).toBe('table-full');
  });

  it('clears the lobby of computer players when the last person leaves it', () => {
    let s = lobby();
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    const left = run(s, { type: 'leave', playerId: 'ann' });
    expect(left.state.players).toEqual([]);
    expect(left.events.filter((e) => e.type === 'PlayerLeft')).toHaveLength(3);
  });

  it('ends a game whose people have all left, keeping the pot for the table', () => {
    let s = lobby('three-card', { declare: 'sequential' });
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    ({ state: s } = run(s, { type: 'addComputer', by: 'ann', level: 'bold' }));
    ({ state: s } = run(s, { type: 'startDeal', by: 'ann' }));
    ({ state: s } = run(s, { type: 'leave', playerId: 'ann' })); // leaves when the deal ends
    const events = [];
    for (let i = 0; i < 20 && s.phase === 'deal'; i++) {
      const w = awaiting(s);
      const me = 'turn' in w && w.turn ? w.turn : (w as { pending: string[] }).pending[0];
      const seat = s.players.find((p) => p.id === me);
      const move: Action = seat?.computer
        ? (computerMove(s, me as string, seat.computer) as Action)
        : { type: 'declare', playerId: me as string, choice: 'drop' };
      const r = run(s, move);
      s = r.state;
      events.push(...r.events);
    }
    expect(s.phase).toBe('over');
    expect(s.players.every((p) => p.computer)).toBe(true);
    const over = events.find((e) => e.type === 'GameOver');
    expect(over).toMatchObject({ type: 'GameOver', pot: s.pot });
    if (over?.type === 'GameOver' && over.reason === 'stopped') expect(s.pot).toBeGreaterThan(0);
  });
});

/**
 * Every card `me` may not see, as places in the state: others' face-down cards (in
 * Indian guts: its own), the deck, the kitty, the face-down board, others' picks.
 */
function hiddenPlaces(s: GameState, me: string): { get: () => number; set: (c: number) => void }[] {
  const d = s.deal;
  if (!d) return [];
  const forehead = getVariant(s.variant).forehead;
  const places: { get: () => number; set: (c: number) => void }[] = [];
  const inArray = (a: number[], i: number) => ({ get: () => a[i] as number, set: (c: number) => void (a[i] = c) });
  for (const [owner, cards] of Object.entries(d.hands)) {
    const sees = forehead ? owner !== me : owner === me;
    if (sees) continue;
    cards.forEach((c, i) => {
      if (!(d.up[owner] ?? []).includes(c)) places.push(inArray(cards, i));
    });
  }
  const every = (a: number[]) => a.map((_, i) => inArray(a, i));
  places.push(...every(d.deck), ...every(d.kitty ?? []));
  for (const pos of faceDownPositions(getVariant(s.variant))) {
    if (pos in d.board) places.push({ get: () => d.board[pos] as number, set: (c) => void (d.board[pos] = c) });
  }
  for (const [owner, picks] of Object.entries(d.picks)) {
    if (owner !== me) places.push(...every(picks));
  }
  return places;
}

/**
 * The same table with every card hidden from `me` dealt again at random, another RNG, and
 * (a fair game) `otherChain`'s unrevealed seeds in place of its own.
 */
function shuffledFor(s: GameState, me: string, rng: Rng, otherChain: () => FairChain): GameState {
  const copy = JSON.parse(JSON.stringify(s)) as GameState;
  const places = hiddenPlaces(copy, me);
  const cards = places.map((p) => p.get());
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [cards[i], cards[j]] = [cards[j] as number, cards[i] as number];
  }
  for (const [i, p] of places.entries()) p.set(cards[i] as number);
  copy.rng = Rng.fromSeed(rng.int(2 ** 31)).state();
  if (copy.fair) {
    const other = otherChain();
    copy.fair.checkpoints = other.checkpoints;
    if (copy.deal?.serverSeed) copy.deal.serverSeed = seedOfDeal(other.checkpoints, copy.dealNo);
  }
  return copy;
}

describe('a computer player decides from what its seat may see', () => {
  it.each(VARIANTS)('the same move when the cards hidden from it are dealt otherwise (%s)', (variantId) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 2, max: 5 }),
        fc.boolean(),
        (seed, optionSet, playerCount, fair) => {
          const fairSeed = fair ? (seed + 1).toString(16).padStart(64, 'f') : undefined;
          const game = newGame(variantId, seed, optionSet, playerCount, fairSeed);
          if (!game) return;
          let s = game.state;
          const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
          // A fair game's unrevealed seeds: another chain altogether, one a game (a chain is
          // 1,024 hashes: one a move was half this test's time).
          let other: FairChain | undefined;
          const otherChain = () => {
            other ??= buildChain(
              rng
                .int(2 ** 31)
                .toString(16)
                .padStart(64, '0'),
            );
            return other;
          };
          for (let i = 0; i < 25 && s.phase !== 'over'; i++) {
            for (const me of game.players) {
              for (const level of COMPUTER_LEVELS) {
                const move = computerMove(s, me, level);
                equalTo(computerMove(shuffledFor(s, me, rng, otherChain), me, level), move);
              }
            }
            try {
              s = apply(s, randomAction(s, rng, game.players)).state;
            } catch (e) {
              if (!(e instanceof RuleError)) throw e;
            }
          }
        },
      ),
      { numRuns: Math.max(5, Math.floor(RUNS / 8)) },
    );
  });
});

describe('computer players play every variant and option to the end', () => {
  it.each(VARIANTS)('a table of computer players only ever makes legal moves (%s)', (variantId) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 2, max: 6 }),
        (seed, optionSet, playerCount) => {
          const game = newGame(variantId, seed, optionSet, playerCount);
          if (!game) return;
          let s = game.state;
          const levels = game.players.map(
            (_, i) => COMPUTER_LEVELS[(seed + i) % 3] as (typeof COMPUTER_LEVELS)[number],
          );
          let deals = 0;
          for (let i = 0; i < 400 && s.phase !== 'over' && deals < 4; i++) {
            const w = publicView(s).awaiting;
            if (w.kind === 'lobby' || w.kind === 'between-deals') {
              deals++;
              s = apply(s, { type: 'startDeal', by: s.host }).state;
              continue;
            }
            const moves = game.players
              .map((p, k) => computerMove(s, p, levels[k] as (typeof COMPUTER_LEVELS)[number]))
              .filter((m): m is Action => m !== null);
            // Someone is always asked something mid-deal, and a computer always has an answer.
            expect(moves.length).toBeGreaterThan(0);
            for (const m of moves) {
              if (s.phase !== 'deal') break;
              s = apply(s, m).state; // a RuleError here fails the test: an illegal move
            }
          }
        },
      ),
      { numRuns: Math.max(5, Math.floor(RUNS / 8)) },
    );
  });
});
