import type { Rank } from '../cards/card.ts';
import type { LayoutUse, RankingId } from '../hands/types.ts';

/**
 * The types of the rule book: variants, their steps and hands, and table options.
 * Apart from the catalogue (data) and the lookups (variants.ts, options.ts), so the
 * catalogue and the lookups import the types and never each other's.
 */

/** A community card's place on the table, with grid coordinates for drawing it. */
export interface BoardPosition {
  id: string;
  col: number;
  row: number;
  /** Dealt face up; face-down board cards are turned at the showdown. */
  faceUp: boolean;
}

/** How a hand is made at a showdown. `'three'` means the table's `threeCardRanking`. */
export interface HandSpec {
  ranking: RankingId | 'three';
  wildRanks?: readonly Rank[];
  /** Deadly 69s and friends: wild cards face down, killers face up (option `deadly`). */
  deadly?: boolean;
}

/**
 * One step of a deal. Pass and discard steps are not listed: the options insert them
 * before the first declaration of variants that allow them.
 */
export type Step =
  /** Private cards: to everyone dealt in, or only to those still in. */
  | { kind: 'deal'; count: number; to: 'all' | 'in'; faceUp?: boolean; if?: 'secondDeclare' }
  | { kind: 'board'; positions: readonly string[] }
  /** Board cards leave play (six-seven-eight). */
  | { kind: 'remove'; positions: readonly string[] }
  | { kind: 'declare'; if?: 'secondDeclare' }
  /** Players still in pay the ante again (two-plus-one with `secondDeclare`). */
  | { kind: 'ante-in'; if?: 'secondDeclare' }
  /** Everyone passes one card to a neighbour (option `pass`). */
  | { kind: 'pass' }
  /** Before declaring, everyone may swap up to `max` cards (option `discard`). */
  | { kind: 'discard'; max: number }
  /** After declaring, stayers may swap up to `max` cards. */
  | { kind: 'draw'; max: number }
  /** In turn, each player takes `count` face-up cards (= stays) or drops. */
  | { kind: 'take'; count: number }
  /** Stayers compare hands and settle; in three-stage games everyone plays on afterwards. */
  | { kind: 'showdown'; hand: HandSpec };

export interface Variant {
  id: string;
  name: string;
  /** The rules in two short lines, for the lobby. */
  summary: string;
  source: string;
  /** False for a variant not fully implemented: the bot must not offer it. */
  available: boolean;
  minPlayers: number;
  /** What the deck can serve without a kitty (docs/RULES.md: Deals that cannot complete); see `maxPlayersFor`. */
  maxPlayers: number;
  /** Private cards each player holds before the first declaration (bounds `discard`). */
  handCards: number;
  steps: readonly Step[];
  board: readonly BoardPosition[];
  /** Sets of board positions a hand may use together; null: any board cards. */
  lines: readonly (readonly string[])[] | null;
  /** How private and board cards combine; null: best hand of all available cards. */
  use: LayoutUse | null;
  defaults: Partial<Options>;
  /** Options this variant refuses. */
  inapplicable: readonly (keyof Options)[];
  /** The kitty is Iron Cross's phantom: a tie with it is a stand-off (docs/RULES.md: Who else must be beaten). */
  phantom: boolean;
  /** Each player's own card is hidden from them and shown to everybody else (Indian guts). */
  forehead: boolean;
  /** Sequential games where a dealer who is the first "in" asks everyone again (source 004). */
  dealerFirstInAsksAgain: boolean;
  /** Every stage settles and everyone plays on (3-5-7 family). */
  threeStage: boolean;
  /** The `allDrop` rules this variant can play (`wimp-wild` needs wild cards). */
  allDropRules: readonly AllDropRule[];
}

export type VariantId = string;

/** How losers pay (docs/RULES.md: Settling a deal "Burn instead of match"). */
export type Match = { kind: 'pot' } | { kind: 'burn'; amount: number } | { kind: 'percent'; percent: number };

/**
 * When everyone drops (docs/RULES.md: Settling a deal): the pot carries, everyone antes again, the best
 * dropped hand pays (the wimp), or it and every dropper holding a wild card pay
 * (`wimp-wild`, source 003's variant 2 of four-two-two and four-two-three).
 */
export type AllDropRule = 'carry' | 'reante' | 'wimp' | 'wimp-wild';

export type DeadlyRule = '69s' | '7s' | 'low' | 'spades' | 'lively-diamonds';

/** Table options, docs/RULES.md: Table options, with the exact names scenarios and stored tables use. */
export interface Options {
  ante: number;
  declare: 'simultaneous' | 'sequential';
  timer: number;
  cap: number | null;
  capStyle: 'reserve' | 'clip';
  match: Match;
  progressiveBurn: boolean;
  ties: 'split' | 'no-split';
  losers: 'all' | 'worst-only';
  allDrop: AllDropRule;
  wimpAmount: number | null;
  kitty: 'off' | 'always' | 'alone';
  legs: number | null;
  compulsoryFirst: boolean;
  everybodyAntes: boolean;
  loserSkipsAnte: boolean;
  threeCardRanking: 'guts' | 'poker' | 'pairs';
  pass: 'none' | 'left' | 'alternate';
  dropPenalty: number;
  money: 'match' | 'pay-winner';
  odds: boolean;
  discard: number;
  deadly: DeadlyRule;
  /** `two-plus-one` only (docs/RULES.md: The variants): stayers pay the ante again and declare again. */
  secondDeclare: boolean;
  /** `four-two-two`, `four-two-three` (source 003's variant 1): droppers pay a new ante while losers match. */
  dropperAnte: boolean;
  /**
   * `four-two-two`, `four-two-three` (source 003's variant 3): a lone stayer's hand plays
   * as many cards from the top of the deck instead of taking the pot uncontested.
   */
  loneVsDeck: boolean;
  /** `two-more-inches` (Two More Deadly Inches): this rank is wild face down and kills face up. */
  deadlyRank: string | null;
}
