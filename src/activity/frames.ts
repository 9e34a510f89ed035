/**
 * What the Activity's page and the bot say to each other over the WebSocket, both ways.
 * The page imports these types (and `parseClientMessage` is the server's only reader of
 * what a page sends): one definition of the protocol, no second one in the page.
 *
 * Cards travel as their two-letter code ("As") with a text alternative ("A♠"): a card
 * the receiver may not see is never in a frame at all, only a face-down place (null).
 */
import { z } from 'zod';
import { PRESS_KINDS } from '../table/press-kinds.ts';
import { EMOTES } from './emotes.ts';
import { type OptionChanges, optionChanges } from './option-changes.ts';

/** A card the receiver may see: its code (for pictures and tests) and its words for people ("A♠"). */
export interface CardFace {
  code: string;
  text: string;
  /** Dealt or taken face up: everyone sees it, and no pick may throw it. */
  up?: true;
}

export interface SeatFrame {
  id: string;
  /** The seat's name in the receiver's language (a computer's level translated). */
  name: string;
  /** The user's Discord avatar (a CDN address), where the bot has seen its hash; null: the page shows an initial. */
  avatar: string | null;
  /** Net chips over this game so far, and in words ("-30 chips") in the receiver's language. */
  chips: number;
  chipsText: string;
  computer: boolean;
  legs: number;
  /** The seat's legs in words ("2 legs"), in the receiver's language. */
  legsText: string;
  leaving: boolean;
  dealer: boolean;
  /** Dealt into the deal under way. */
  inDeal: boolean;
  /** Still in the deal (not dropped). */
  stillIn: boolean;
  dead: boolean;
  /** Has chosen this round (never which way before the reveal, unless the round is in turn). */
  decided: boolean;
  /** The choice, where the receiver may know it: their own, or every choice of a round in turn. */
  choice: 'stay' | 'drop' | null;
  /** The seat's private cards as the receiver sees them: null where face down to them. */
  cards: (CardFace | null)[];
  /** What the seat did at a draw ("drew 2", "stood pat"), in the receiver's language; null before. */
  drawnText: string | null;
  /** The player's newest achievement at this place, named in the receiver's language; null for none (or a computer). */
  badge: { id: string; name: string } | null;
}

/** Someone with the Activity open who holds no seat: the page shows them in a strip beside the table. */
export interface WatcherFrame {
  id: string;
  name: string;
  avatar: string | null;
}

export interface AwaitingFrame {
  kind: 'lobby' | 'between-deals' | 'over' | 'declare' | 'pass' | 'discard' | 'draw' | 'take';
  pending: string[];
  turn: string | null;
  /** A declaration round's way: everyone at once (hidden) or in turn; null outside one. */
  mode: 'simultaneous' | 'sequential' | null;
  round: number | null;
  canDrop: boolean;
  /** Cards a picker may pick (pass: 1; discard, draw: up to this). */
  max: number | null;
  /** Cards a take takes. */
  count: number | null;
}

export interface PaymentFrame {
  from: string;
  to: string;
  amount: number;
  reason: string;
}

export interface ShownHandFrame {
  playerId: string;
  cards: CardFace[];
  /** The hand's name in the receiver's language ("Pair of aces"). */
  name: string;
  dead: boolean;
}

/** The last deal's result: every hand shown, who won, every payment, and its fairness proof. */
export interface ShowdownFrame {
  /** The table-wide deal number. */
  dealNo: number;
  hands: ShownHandFrame[];
  kitty: CardFace[] | null;
  winners: string[];
  payments: PaymentFrame[];
  /** Every payment in words, in the receiver's language, as the chat's result says them ("Cat pays 55 to the pot (matches the pot)"). */
  paid: string[];
  /** Net chips of each player in the deal. */
  delta: Record<string, number>;
  /** Every player of the deal named as the chat names them (one who left since too), by id. */
  names: Record<string, string>;
  proof: { dealNo: number; commitment: string; serverSeed: string; clientSeed: string } | null;
}

/** A game's final standings, as the chat's game-over message says them: best first, with the night's course. */
export interface StandingsFrame {
  /** "Game over after 7 deals" (or the lobby closed), in the receiver's language. */
  title: string;
  lines: { id: string; name: string; chips: number; points: number[] }[];
  pot: number;
  reserve: number;
  /** The night's recap, one line a moment (biggest pot, best hand…), names plain, in the receiver's language. */
  recap: string[];
}

/** An option's value as the rules panel holds it (the rule book's types: a match rule is an object). */
export type RuleValue =
  | number
  | string
  | boolean
  | null
  | { kind: 'pot' | 'burn' | 'percent'; amount?: number; percent?: number };

/** One option of the host's rules panel: what it is, its bounds and choices, and its value now, in the receiver's language. */
export interface RuleFieldFrame {
  name: string;
  kind: 'integer' | 'choice' | 'boolean' | 'rank' | 'match';
  /** The option's group as the chat's form titles it ("Money"). */
  group: string;
  label: string;
  about: string;
  min: number | null;
  max: number | null;
  nullable: boolean;
  /** A choice's values and words (a variant's own, as the chat's form offers them); empty for other kinds. */
  choices: { value: string; label: string }[];
  value: RuleValue;
}

/**
 * The table's rules as its host may change them on the page: in the lobby (a change is a
 * `setOptions` step, as the chat's Rules form makes), and at game over (the next game's,
 * sent with Play again). Only in the host's frames, and only then.
 */
export interface RulesFrame {
  /** What the panel's changes do: the lobby's rules now, or the next game's with Play again. */
  for: 'lobby' | 'next';
  fields: RuleFieldFrame[];
}

export interface TableFrame {
  tableId: number;
  /** The table's committed version this frame shows: a frame never goes back. */
  version: number;
  /** The table-wide number of the deal under way (what a press names, as a button's id does). */
  dealNo: number;
  variant: string;
  phase: 'lobby' | 'deal' | 'between-deals' | 'over';
  host: string;
  /** The receiver's seat id, or null for a spectator. */
  you: string | null;
  seats: SeatFrame[];
  /** The most seats the variant and options deal to (the profile's party size: seated of these). */
  maxSeats: number;
  pot: number;
  reserve: number;
  /** The board as laid out (a cross, a grid): each place's column and row from the top left; removed places left out. */
  board: { pos: string; col: number; row: number; card: CardFace | null }[];
  awaiting: AwaitingFrame;
  /**
   * What the table waits for, in the receiver's language, names plain: "Ann to act: stay or drop, {{when}}."
   * `{{when}}` is left for the page, which says the countdown's time left by its own clock.
   */
  prompt: string | null;
  /** The receiver's best hand now ("Flush, ace high"), as their private message names it; null for a spectator. */
  yourHand: string | null;
  /** The receiver's odds as their private message says them ("Odds: beats one random hand 30%"); null where the table turned odds off, or none apply. */
  yourOdds: string | null;
  /** This deal's pass as the receiver took part in it ("You passed A♠ to Bob; 7♥ came from Cat."); null otherwise. */
  passed: string | null;
  /** The countdown's end on the server's clock (epoch ms), or null. */
  deadline: number | null;
  /** The countdown's whole length when the table's timer sets it (a choice); null for the pause between deals. */
  countdownMs: number | null;
  /** What a drop costs now (0: free). */
  dropCost: number;
  stopRequested: boolean;
  fair: { commitment: string; clientSeed: string | null } | null;
  showdown: ShowdownFrame | null;
  /** At game over, its final standings; null before. */
  standings: StandingsFrame | null;
  /** The people with the Activity open in this channel who hold no seat, the receiver too. */
  watchers: WatcherFrame[];
  /** The rules panel, for the host in the lobby and at game over; null for anyone else, and at other times. */
  rules: RulesFrame | null;
}

/** The page's words, in the receiver's language: the catalogue's texts with `{{name}}` left for the page. */
export type PageStrings = Record<string, string>;

export type ServerFrame =
  | {
      type: 'snapshot';
      /** The server's clock when sent: the page keeps the countdown in step with it. */
      now: number;
      locale: string;
      strings: PageStrings;
      user: { id: string; name: string };
      /** The channel's table, or null where no game was ever opened. */
      table: TableFrame | null;
    }
  | { type: 'update'; now: number; table: TableFrame | null }
  /**
   * A press checked and taken for its step, before the step is committed: sent when a
   * button would be acknowledged first (a busy database, a slow step), its answer following.
   */
  | { type: 'ack'; requestId: string }
  /** A press's outcome: done, or refused with why (in the receiver's language). */
  | { type: 'answer'; requestId: string; ok: boolean; text: string | null };

/**
 * Someone at the table reacted: who, and which of the fixed emotes (an index into EMOTES).
 * Apart from ServerFrame, which is the table's state and answers: a page that floats no
 * reactions (a load runner's, a test's) may read every frame as a ServerFrame and skip this type.
 */
export interface ReactionFrame {
  type: 'reaction';
  from: string;
  emote: number;
}

/**
 * What a page may press: a press on the game (table/press-kinds.ts), Play again, the
 * game-over message's button, which opens the next game as the chat's does
 * (play-again.ts), or the host's rules changed in the lobby (page-rules.ts), as the chat's Rules form changes them.
 */
export const PAGE_PRESSES = [...PRESS_KINDS, 'again', 'rules'] as const;
export type PagePress = (typeof PAGE_PRESSES)[number];

/** What a page may ask: a press, of the kinds every surface has (table/press-kinds.ts), or Play again. */
export interface PressMessage {
  type: 'press';
  /** The page's id of this press (echoed in its answer); a repeat of one already taken is the same step. */
  requestId: string;
  press: PagePress;
  /** The table-wide deal the page showed when pressed: a press on an old deal is refused as a stale button is. */
  dealNo: number;
  /** Picked cards by code (pass, swap). */
  cards?: string[];
  /** A computer player's level (the host's `computer`). */
  level?: string;
  /** The declaration round the page showed (Stay, Drop): a press never counts in a later round. */
  round?: number;
  /** The host's rule changes (`rules`; with `again`, the next game's): option name → value, checked by `optionChanges`. */
  options?: OptionChanges;
}

/** A reaction to float over the table: an index into EMOTES, never text. */
export interface ReactMessage {
  type: 'react';
  emote: number;
}

/** The page asks for its game's final standings as a picture to share (answered by a MomentFrame). */
export interface MomentMessage {
  type: 'moment';
}

/** The standings' picture's CDN address, or null where there is none (no game over, no deal played, Discord refused). */
export interface MomentFrame {
  type: 'moment';
  url: string | null;
}

export type ClientMessage = PressMessage | ReactMessage | MomentMessage;

/** Anything longer is refused unread: a press is a few dozen bytes, the host's every rule changed at once under 1 KB. */
export const MAX_MESSAGE_BYTES = 1536;

const REQUEST_ID = /^[A-Za-z0-9_-]{1,40}$/;
const CARD_CODE = /^[2-9TJQKA][cdhs]$/;

/** A press as a page may send it: every field's type and form, and no other field (zod, at the edge). */
const pressMessage = z.strictObject({
  type: z.literal('press'),
  requestId: z.string().regex(REQUEST_ID),
  press: z.enum(PAGE_PRESSES),
  dealNo: z.int().min(0),
  cards: z.array(z.string().regex(CARD_CODE)).max(7).optional(),
  level: z.string().max(16).optional(),
  round: z.int().min(1).optional(),
  options: optionChanges.optional(),
});

const reactMessage = z.strictObject({
  type: z.literal('react'),
  emote: z
    .int()
    .min(0)
    .max(EMOTES.length - 1),
});

const clientMessage = z.discriminatedUnion('type', [
  pressMessage,
  reactMessage,
  z.strictObject({ type: z.literal('moment') }),
]);

/** A page's message, checked field by field; null for anything else (too long, not JSON, unknown fields). */
export function parseClientMessage(text: string): ClientMessage | null {
  if (text.length > MAX_MESSAGE_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = clientMessage.safeParse(value);
  return parsed.success ? parsed.data : null;
}
