import type { GameState, Seat } from '../engine/index.ts';
import { changedOptions } from '../rules/index.ts';
import type { GameRecord } from './game-record.ts';
import type { GameOpening, Member, Place, TableLook } from './open-game.ts';
import type { Decided } from './steps.ts';
import { asTableNotes, tableDealNo } from './table-notes.ts';
import { UserFacingError } from './user-facing-error.ts';

/**
 * What follows a game at its table: Play again (the same setup, opened by its host in
 * one press) and the end of a game a restart could not carry on.
 */

/** How long after a game ends `/guts start` without a variant offers its host that game again. */
export const PLAY_AGAIN_WINDOW_MS = 30 * 60_000;

/** What Play again opens (see `endedGame`). */
export interface EndedGame {
  variantId: string;
  options: Record<string, unknown>;
  /** The computers, seated again at once: they need no press to get their cards. */
  computers: readonly Seat[];
  /** The other people of the ended game: each takes their seat again with a press of their own (Join). */
  returning: readonly Member[];
  look: TableLook;
  /** The host's words for the client seed, kept as the ended game had them (docs/FAIRNESS.md). */
  phrase: string | null;
}

/** The next game's opening from `ended`, as Play again opens it from the chat or the page. */
export function nextGameOpening(ended: EndedGame, place: Place, host: Member, key: string): GameOpening {
  const { computers, phrase, ...setup } = ended;
  return { place, host, key, ...setup, seats: computers, ...(phrase === null ? {} : { phrase }) };
}

/** Where a Play again button points: the table and its ended game's last deal. */
export interface PlayAgainTarget {
  tableId: number;
  dealNo: number;
  variantId: string;
}

/**
 * The game that ended at this table, as Play again opens the next one with it (the
 * same variant, options, look, phrase and computers; people who left are gone). Its
 * other people are asked back rather than seated: a seat taken by their own press is
 * one the bot can reach privately (that press's token carries their cards), and the
 * press goes into the new game's client seed as a Join does in any lobby. Only its
 * host may ask, from its last message; a game open since is refused as any running
 * one is.
 */
export function endedGame(record: GameRecord | null, place: Place, dealNo: number, by: string): EndedGame {
  if (!record?.state || record.guildId !== place.guildId || record.channelId !== place.channelId) {
    throw new UserFacingError('refusal.tableGone');
  }
  const state = record.state;
  // Pressed again once the next lobby is open: refused as /guts start is there.
  if (record.running) throw new UserFacingError('refusal.running', { variant: state.variant });
  const notes = asTableNotes(record.messages);
  if (dealNo !== tableDealNo(notes, state.dealNo)) throw new UserFacingError('refusal.dealOver');
  if (by !== state.host) throw new UserFacingError('refusal.playAgainWho');
  return {
    variantId: state.variant,
    // As a preset keeps them: the options that differ from the variant's defaults.
    options: changedOptions(state.variant, state.options),
    computers: state.players.filter((p) => p.computer),
    returning: state.players.filter((p) => !p.computer && p.id !== state.host).map(({ id, name }) => ({ id, name })),
    look: { fourColour: notes.fourColour, locale: notes.locale },
    phrase: state.fair?.phrase ?? null,
  };
}

/** The table's game, if it ended less than `PLAY_AGAIN_WINDOW_MS` before `now` and `by` hosted it. */
export function recentlyEnded(record: GameRecord | null, by: string, now: number): PlayAgainTarget | null {
  const state = record?.state;
  if (!record || record.running || !state || state.host !== by) return null;
  if (now - record.updatedAt > PLAY_AGAIN_WINDOW_MS) return null;
  const dealNo = tableDealNo(asTableNotes(record.messages), state.dealNo);
  return { tableId: record.id, dealNo, variantId: state.variant };
}

/**
 * A game a restart ends where it stands: a deal under way is not played out (its antes
 * stay in the pot, as the ledger holds them), and the game is over.
 */
export function endedByRestart(record: GameRecord): Decided | null {
  const state = record.state;
  if (!record.running || !state) return null;
  const over: GameState = { ...state, phase: 'over', deal: null, stopRequested: true };
  return {
    state: over,
    events: [{ type: 'GameOver', reason: 'stopped', pot: state.pot, reserve: state.reserve }],
    note: 'table.endedByRestart',
  };
}
