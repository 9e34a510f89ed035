import type { Card } from '../cards/card.ts';
import type { RngState } from '../cards/rng.ts';
import type { HandResult, LayoutResult } from '../hands/types.ts';
import type { Options } from '../rules/options.ts';
import type { Transfer } from './transfer.ts';

export type PlayerId = string;

/** How boldly a computer player plays (computer.ts). */
export type ComputerLevel = 'cautious' | 'balanced' | 'bold';
export const COMPUTER_LEVELS: readonly ComputerLevel[] = ['cautious', 'balanced', 'bold'];

/**
 * A computer seat's id says its level and its number at the table ("cpu-balanced-1",
 * always named "🤖 Ada (balanced)"): its ledger account and stats are one identity per
 * server and level, so Ada's results as balanced and as cautious never merge. Games
 * saved before this read "cpu-1"; those ids stay computers too.
 */
export const computerId = (level: ComputerLevel, n: number): PlayerId => `cpu-${level}-${n}`;

/** Whether a ledger or seat id is a computer player's (a person's is a Discord user id: digits). */
export const isComputerId = (id: string): boolean => id.startsWith('cpu-');

/** The number in a computer seat's id ("cpu-bold-2" and the older "cpu-2" are 2). */
export const computerNumber = (id: PlayerId): number => Number(id.slice(id.lastIndexOf('-') + 1));
export type Choice = 'stay' | 'drop';

export interface Seat {
  id: PlayerId;
  name: string;
  legs: number;
  /** Asked to leave during a deal: leaves when it ends. */
  leaving: boolean;
  /** A computer player, and how boldly it plays (computer.ts); absent for a person. */
  computer?: ComputerLevel;
}

/** Cards fixed in advance (replays and tests): each player's cards in dealing order, board, kitty. */
export interface Stack {
  cards?: Record<PlayerId, Card[]>;
  board?: Record<string, Card>;
  kitty?: Card[];
}

export interface DealState {
  /** Players dealt in, from the dealer's left round to the dealer (the order of turns). */
  players: PlayerId[];
  dealer: PlayerId;
  /** Index into `stepsFor(variant, options)` of the step under way. */
  step: number;
  hands: Record<PlayerId, Card[]>;
  /** Private cards dealt face up (a subset of the hand). */
  up: Record<PlayerId, Card[]>;
  board: Record<string, Card>;
  /** Board positions taken out of play. */
  removed: string[];
  /** Undealt cards; drawn at random through the state's RNG, or with `fair` from the top (index 0). */
  deck: Card[];
  /** This deal's server seed (fair games only): secret until the deal's `DealEnded` reveals it. */
  serverSeed?: string;
  stack: Stack | null;
  /** How many cards each player has been dealt so far (their next card in `stack`). */
  dealtTo: Record<PlayerId, number>;
  /** The kitty's cards, or the deck's top cards a lone stayer plays (`loneVsDeck`). */
  kitty: Card[] | null;
  /** Players still in the current stage. */
  in: PlayerId[];
  /** Killed by a face-up card (Deadly 69s): in, but losing. */
  dead: PlayerId[];
  /** Declaration round number within the deal, from 1. */
  round: number;
  /** This round's choices (declare, take). */
  choices: Record<PlayerId, Choice>;
  /** This round's players whose countdown ended before they chose. */
  timedOut: PlayerId[];
  /** This step's card picks (pass: one card; discard and draw: the cards thrown). */
  picks: Record<PlayerId, Card[]>;
  /** Sequential rounds: players yet to act, in order. */
  queue: PlayerId[];
  /** A dealer who was first in has already asked everyone again this round. */
  askedAgain: boolean;
  /**
   * Drawing in turn (docs/RULES.md: The variants, five-card draw): the player who just said "in" and
   * draws before the next player is asked; null otherwise (absent in older states).
   */
  drawing?: PlayerId | null;
  /** How many cards each player has drawn this deal (so later players see it). */
  drawn?: Record<PlayerId, number>;
  /** The first declaration round of this deal allows no drop (`compulsoryFirst`). */
  compulsory: boolean;
  /** Pot when the current declaration round began: drop penalties are a percent of it. */
  roundPot: number;
  /** Every chip movement of this deal so far (refunded if the deal is void). */
  transfers: Transfer[];
  /** Who stayed for the showdowns and who won them, for results and hand histories. */
  stayed: PlayerId[];
  winners: PlayerId[];
}

/** The proof of one deal's cards, revealed with its result (docs/FAIRNESS.md). */
export interface DealProof {
  /** The game's deal number: the chain position and the HMAC's deal number. */
  dealNo: number;
  commitment: string;
  serverSeed: string;
  clientSeed: string;
}

/**
 * A game whose deals are provably fair (docs/FAIRNESS.md). `checkpoints` is secret: it
 * never leaves the state (views, exports and logs leave it out); the rest is public.
 */
export interface FairState {
  /** SHA-256 (hex) of deal 1's server seed, fixed when the game opened. */
  commitment: string;
  /**
   * Every 32nd seed of the chain still needed, 44 base64 characters each, deal 1,024's
   * last (fair-deck.ts); a record of hex seeds by deal number in games saved before 2026-11-28.
   */
  checkpoints: string | Record<string, string>;
  /**
   * The Discord id (a snowflake) of the press that opened the game, where one did: the
   * client seed takes only ids Discord made after it. Absent in games saved before 2026-11-28.
   */
  after?: string;
  /** Discord ids of the lobby's presses (joins, then the first Deal), in the order taken. */
  presses: string[];
  /** The host's phrase for the client seed, or null. */
  phrase: string | null;
  /** Fixed as deal 1 starts (null before): every deal of the game uses it. */
  clientSeed: string | null;
  /** The latest deal whose seed is revealed (its result): earlier seeds hash down from it. */
  revealed: DealProof | null;
}

export interface GameState {
  v: 1;
  variant: string;
  options: Options;
  host: PlayerId;
  players: Seat[];
  /** The dealer of the current or next deal; null until the first deal. */
  button: PlayerId | null;
  /** Deals started in this game (the bot puts it in button ids). */
  dealNo: number;
  pot: number;
  reserve: number;
  rng: RngState;
  /** Present for real games: the deck comes from committed seeds, not from `rng` (scenarios and simulations). */
  fair?: FairState;
  phase: 'lobby' | 'deal' | 'between-deals' | 'over';
  deal: DealState | null;
  stopRequested: boolean;
  /** The next deal's first round is compulsory (first deal, or the pot was emptied). */
  compulsoryNext: boolean;
  /** Everybody antes on the next deal although the pot is not empty (all-drop "reante"). */
  reanteNext: boolean;
  /** Paid the pot last deal: excused from the next ante with `loserSkipsAnte`. */
  excused: PlayerId[];
}

export type Action =
  /** `press`: the Discord id of the press (fair games' client seed takes those made in the lobby). */
  | { type: 'join'; playerId: PlayerId; name: string; press?: string }
  | { type: 'leave'; playerId: PlayerId }
  | { type: 'startDeal'; by: PlayerId; stack?: Stack; press?: string }
  | { type: 'declare'; playerId: PlayerId; choice: Choice }
  | { type: 'timeout' }
  | { type: 'pass'; playerId: PlayerId; card: Card }
  | { type: 'discard'; playerId: PlayerId; cards: Card[] }
  | { type: 'draw'; playerId: PlayerId; cards: Card[] }
  | { type: 'take'; playerId: PlayerId }
  | { type: 'stop'; by: PlayerId }
  /** The host seats a computer player in the lobby, or takes the last one away. */
  | { type: 'addComputer'; by: PlayerId; level: ComputerLevel }
  | { type: 'removeComputer'; by: PlayerId }
  /** The host changes the table's options before the first deal (given as typed: docs/RULES.md: Table options names). */
  | { type: 'setOptions'; by: PlayerId; options: Record<string, unknown> };

export type Hand = HandResult | LayoutResult;

/**
 * A hand the stayers must beat besides each other's: the kitty, Iron Cross's phantom,
 * or the deck's top cards a lone stayer plays (`loneVsDeck`).
 */
export type Opponent = 'kitty' | 'phantom' | 'deck';

export interface ShownHand {
  playerId: PlayerId;
  /** Null for a player killed before the showdown whose hand does not play. */
  hand: Hand;
  dead: boolean;
}

/**
 * What happened. Chip movements are in `transfers`; `transfersOf(events)` gives the
 * ledger all of them. Events carrying private cards (`Dealt`, `Passed`, `Discarded`,
 * `Drew`) are hand history: never print them in the channel.
 */
export type GameEvent =
  | { type: 'PlayerJoined'; playerId: PlayerId; name: string }
  | { type: 'PlayerLeft'; playerId: PlayerId }
  | { type: 'LeaveScheduled'; playerId: PlayerId }
  | { type: 'StopRequested'; by: PlayerId }
  | { type: 'OptionsChanged'; by: PlayerId; options: Options }
  | {
      type: 'DealStarted';
      dealNo: number;
      dealer: PlayerId;
      players: PlayerId[];
      compulsory: boolean;
      /** The table before the antes: what a replay of this deal starts from. */
      pot: number;
      reserve: number;
      legs: Record<PlayerId, number>;
      reante: boolean;
      excused: PlayerId[];
    }
  | { type: 'Anted'; transfers: Transfer[] }
  | { type: 'ReserveFilled'; transfers: Transfer[] }
  | { type: 'ReserveOverflow'; transfers: Transfer[] }
  | {
      type: 'Dealt';
      private: Record<PlayerId, Card[]>;
      faceUp: Record<PlayerId, Card[]>;
      board: Record<string, Card>;
    }
  | { type: 'BoardRemoved'; positions: string[] }
  | { type: 'Passed'; passes: { from: PlayerId; to: PlayerId; card: Card }[] }
  | { type: 'Discarded' | 'Drew'; playerId: PlayerId; thrown: Card[]; received: Card[] }
  /** `choice` is null while it is secret (simultaneous declaring before the reveal). */
  | { type: 'Declared'; playerId: PlayerId; round: number; choice: Choice | null; auto?: 'dealer' | 'timeout' }
  | { type: 'Revealed'; round: number; stayed: PlayerId[]; dropped: PlayerId[]; timedOut: PlayerId[] }
  | { type: 'AskedAgain'; round: number; players: PlayerId[] }
  | { type: 'DropPenalty'; playerId: PlayerId; transfers: Transfer[] }
  | { type: 'TookCard'; playerId: PlayerId; cards: Card[]; killed: boolean }
  | {
      type: 'Showdown';
      hands: ShownHand[];
      kitty: Hand | null;
      kittyCards: Card[] | null;
      /** Whose hand `kitty` is; null without one. */
      opponent: Opponent | null;
      /** Best hand(s) among the players; empty when the kitty won or nobody lives. */
      winners: PlayerId[];
      losers: PlayerId[];
      kittyWins: boolean;
      /** A tie with the phantom: nobody pays (Iron Cross). */
      standOff: boolean;
    }
  | { type: 'PotWon'; winners: PlayerId[]; transfers: Transfer[] }
  | { type: 'PotMatched'; losers: PlayerId[]; transfers: Transfer[] }
  | { type: 'WinnersPaid'; losers: PlayerId[]; transfers: Transfer[] }
  | { type: 'LegAwarded'; playerIds: PlayerId[]; legs: Record<PlayerId, number> }
  | { type: 'AllDropped'; rule: Options['allDrop']; transfers: Transfer[] }
  | { type: 'DealVoided'; reason: string; transfers: Transfer[] }
  | {
      type: 'DealEnded';
      dealNo: number;
      stayed: PlayerId[];
      winners: PlayerId[];
      delta: Record<PlayerId, number>;
      pot: number;
      reserve: number;
      /** A fair game's deal: its server seed revealed, with what checks it. */
      proof?: DealProof;
    }
  | { type: 'GameOver'; reason: 'pot-won' | 'stopped'; pot: number; reserve: number };

export type Awaiting =
  | { kind: 'lobby' }
  | { kind: 'between-deals' }
  | { kind: 'over' }
  | {
      kind: 'declare';
      round: number;
      mode: 'simultaneous' | 'sequential';
      pending: PlayerId[];
      turn?: PlayerId;
      /** False on a compulsory round. */
      canDrop: boolean;
    }
  | {
      kind: 'pass' | 'discard' | 'draw';
      pending: PlayerId[];
      max: number;
      /** A draw in turn (five-card draw): the one drawing now, the others waiting for their turn. */
      turn?: PlayerId;
    }
  | { kind: 'take'; pending: PlayerId[]; turn: PlayerId; count: number };

export interface Applied {
  state: GameState;
  events: GameEvent[];
}
