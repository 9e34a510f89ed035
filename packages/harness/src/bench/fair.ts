import { randomRngState } from 'guts/src/cards/seed.ts';
import { apply, createGame, type GameState } from 'guts/src/engine/index.ts';
import type { Bench, BenchResult } from './types.ts';

/**
 * What provably fair deals (docs/FAIRNESS.md) add to a deal (issue 41: at most 0.2 ms of
 * CPU): the same deal started in a fair game (the deal's seed hashed down from its
 * checkpoint, the HMAC stream, the shuffle) and in a game dealt by the seeded RNG, warm,
 * taking turns run by run. Deals 1 to 64 cover every distance from a checkpoint twice.
 * `gameOpenMs`: what opening a fair game adds, once a game (its chain is hashed then).
 */

const RUNS = 9;
const DEALS = 64;
const REPEATS = 20;
const PLAYERS = ['ann', 'bob', 'cat', 'dan'];

function lobby(fair: boolean): GameState {
  let s = createGame({
    variant: 'three-card',
    rng: randomRngState(),
    host: 'ann',
    ...(fair ? { fair: { lastSeed: '5a'.repeat(32), phrase: 'bench' } } : {}),
  });
  PLAYERS.forEach((p, i) => {
    s = apply(s, { type: 'join', playerId: p, name: p, press: `${1_300_000_000_000_000_000n + BigInt(i)}` }).state;
  });
  return s;
}

/** Lobbies whose next deal is deal 1 … DEALS (the deal number picks the seed's place in the chain). */
function lobbies(fair: boolean): GameState[] {
  const first = lobby(fair);
  return Array.from({ length: DEALS }, (_, k) => ({ ...first, dealNo: k }));
}

/** Milliseconds per `startDeal` (open, ante, deal the cards) over the lobbies. */
function msPerDeal(states: readonly GameState[]): number {
  let checksum = 0;
  const start = performance.now();
  for (let r = 0; r < REPEATS; r++) {
    for (const s of states) checksum ^= apply(s, { type: 'startDeal', by: 'ann' }).state.deal?.deck[0] ?? 0;
  }
  const ms = (performance.now() - start) / (REPEATS * states.length);
  if (checksum === -1) throw new Error('unreachable: keeps the work observable');
  return ms;
}

/** Milliseconds to open a fair game: its chain of CHAIN_LENGTH hashes, built once a game on the bot's thread. */
function msPerOpen(): number {
  const start = performance.now();
  for (let r = 0; r < REPEATS; r++) lobby(true);
  return (performance.now() - start) / REPEATS - msPerSeededOpen();
}

function msPerSeededOpen(): number {
  const start = performance.now();
  for (let r = 0; r < REPEATS; r++) lobby(false);
  return (performance.now() - start) / REPEATS;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
const round4 = (x: number): number => Math.round(x * 10_000) / 10_000;

async function run(): Promise<BenchResult> {
  const fair = lobbies(true);
  const seeded = lobbies(false);
  msPerDeal(fair); // warm both paths up
  msPerDeal(seeded);
  const fairMs: number[] = [];
  const seededMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    fairMs.push(msPerDeal(fair));
    seededMs.push(msPerDeal(seeded));
  }
  const extra = median(fairMs.map((f, i) => f - (seededMs[i] as number)));
  const openMs = median(Array.from({ length: RUNS }, msPerOpen));
  return {
    name: 'fair-deal',
    ms: round4(extra),
    fairDealMs: round4(median(fairMs)),
    seededDealMs: round4(median(seededMs)),
    // Once a game, not a deal: what a fair game's opening adds (no target; read it against a game's deals).
    gameOpenMs: round4(openMs),
    deals: DEALS * REPEATS,
    target: { ms: 0.2 },
    met: extra <= 0.2,
  };
}

export const benches: Bench[] = [{ name: 'fair-deal', run }];
