import type { TableRecord } from '../db/table-store.ts';
import type { GameState } from '../engine/index.ts';
import { gameStateSchema } from './game-state-schema.ts';

/**
 * A table's row as the table layer reads it: its state is the engine's, checked once
 * where the row is loaded (the database only stores JSON). Every record the table layer
 * holds went through `gameRecord`.
 */
export type GameRecord = TableRecord<GameState>;

/** Reads a loaded row's state as the engine's (every step commits a `GameState`); a row holding anything else is refused. */
export function gameRecord(record: TableRecord): GameRecord {
  const { state } = record;
  if (state !== null && !isGameState(state)) throw new Error(`table ${record.id} holds no game state`);
  return { ...record, state };
}

/** The game of a table known to hold one (a running table, a table a press or command points at). */
export function gameOf(record: GameRecord): GameState {
  if (!record.state) throw new Error(`table ${record.id} has no game`);
  return record.state;
}

/**
 * The engine's version-1 state, every field the engine reads (game-state-schema.ts): what
 * `createGame` makes and every step commits. Checked only: the value read is kept as it is.
 */
function isGameState(value: unknown): value is GameState {
  return gameStateSchema.safeParse(value).success;
}
