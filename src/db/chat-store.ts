import { saveSurfaceNotes } from './table-store.ts';
import type { Db } from './transaction.ts';

/**
 * Where the chat shows each table (the `chat` column of its row, discord/chat-notes.ts):
 * stored JSON, beside the table's own row and never part of its steps.
 */

/**
 * Records where the chat shows the table. Message ids are learnt only after Discord
 * answers, which is after the step's transaction: this writes them on their own,
 * without touching the game or its version, and only while the table is still at
 * `version` (the one the writer holds): a process that lost the table to another (a
 * stale owner) never overwrites the newer owner's. Returns whether the row was written.
 */
export function saveChatNotes(db: Db, tableId: number, chat: unknown, version: number): Promise<boolean> {
  return saveSurfaceNotes(db, tableId, 'chat', chat, version);
}

/** The chat's notes of every table with a game running (what a restart shows again). */
export async function runningTablesChat(db: Db): Promise<{ tableId: number; chat: unknown }[]> {
  const rows = await db.selectFrom('game_tables').select(['id', 'chat']).where('running', '=', 1).execute();
  return rows.map((row) => ({ tableId: Number(row.id), chat: JSON.parse(row.chat) }));
}
