import {
  buildChain,
  CHAIN_LENGTH,
  checkPhrase,
  checkpointString,
  checkpointsFrom,
  clientSeedOf,
  fairDeck,
  isHexSeed,
  seedOfDeal,
} from '../cards/fair-deck.ts';
import { RuleError } from '../rules/rule-error.ts';
import type { DealProof, DealState, FairState, GameState } from './types.ts';

/** Provably fair games in the engine (docs/FAIRNESS.md): the state's part of it. */

/** A Discord snowflake: what a press id is (an interaction's id, an Activity's launch id). */
const SNOWFLAKE = /^\d{1,20}$/;

export const isDiscordId = (id: string): boolean => SNOWFLAKE.test(id);

/**
 * A new game's fair part from its chain's last seed (32 random bytes, hex), the host's
 * phrase, and the id of the press that opened it (its lobby's presses must be later).
 */
export function openFair(lastSeed: string, phrase: string | null | undefined, after?: string): FairState {
  if (!isHexSeed(lastSeed)) throw new RuleError('bad-seed', 'A server seed is 64 hex digits');
  if (after !== undefined && !SNOWFLAKE.test(after))
    throw new RuleError('bad-press', 'A press id is a Discord snowflake');
  let checked: string | null = null;
  if (phrase !== undefined && phrase !== null) {
    const result = checkPhrase(phrase);
    if ('error' in result) throw new RuleError('bad-phrase', result.error, 'phrase');
    checked = result.phrase;
  }
  const chain = buildChain(lastSeed);
  return {
    commitment: chain.commitment,
    checkpoints: chain.checkpoints,
    ...(after !== undefined ? { after } : {}),
    presses: [],
    phrase: checked,
    clientSeed: null,
    revealed: null,
  };
}

/**
 * A lobby press goes into the client seed; once the first deal is dealt the client seed
 * is fixed. An id Discord made before the game opened (an Activity launched before its
 * lobby) adds nothing: the bot could have known it when it drew the game's seeds.
 */
export function notePress(s: GameState, press: string | undefined): void {
  if (!s.fair || press === undefined || s.phase !== 'lobby') return;
  if (!SNOWFLAKE.test(press)) throw new RuleError('bad-press', 'A press id is a Discord snowflake');
  if (s.fair.after !== undefined && BigInt(press) <= BigInt(s.fair.after)) return;
  s.fair.presses.push(press);
}

/**
 * A fair game's next deck, dealt from index 0 (null for a game dealt by its RNG). Fixes
 * the client seed at the first deal; keeps the deal's seed secret in the deal until its end.
 */
export function fairDeckFor(s: GameState): { deck: number[]; serverSeed: string } | null {
  const fair = s.fair;
  if (!fair) return null;
  if (s.dealNo > CHAIN_LENGTH)
    throw new RuleError('chain-used', 'This game has dealt every deal its commitment covers');
  fair.clientSeed ??= clientSeedOf(fair.presses, fair.phrase);
  const checkpoints = checkpointString(fair.checkpoints);
  const serverSeed = seedOfDeal(checkpoints, s.dealNo);
  fair.checkpoints = checkpointsFrom(checkpoints, s.dealNo);
  // The chain's last deal: the game ends after it (a new game commits afresh).
  if (s.dealNo === CHAIN_LENGTH) s.stopRequested = true;
  return { deck: fairDeck(serverSeed, fair.clientSeed, s.dealNo), serverSeed };
}

/** The deal is over: its seed is revealed, for its `DealEnded`. */
export function revealSeed(s: GameState, d: DealState): DealProof | undefined {
  const fair = s.fair;
  if (!fair || d.serverSeed === undefined || fair.clientSeed === null) return undefined;
  const proof = {
    dealNo: s.dealNo,
    commitment: fair.commitment,
    serverSeed: d.serverSeed,
    clientSeed: fair.clientSeed,
  };
  fair.revealed = proof;
  return { ...proof };
}

/** What anyone may see of a fair game: all of it but the unrevealed seeds. */
export type FairView = Omit<FairState, 'checkpoints'>;

export function fairView(fair: FairState | undefined): FairView | null {
  if (!fair) return null;
  return {
    commitment: fair.commitment,
    ...(fair.after !== undefined ? { after: fair.after } : {}),
    presses: [...fair.presses],
    phrase: fair.phrase,
    clientSeed: fair.clientSeed,
    revealed: fair.revealed && { ...fair.revealed },
  };
}
