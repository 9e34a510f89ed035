import type { Kysely } from 'kysely';
import { z } from 'zod';
import { runningTablesChat, saveChatNotes } from '../db/chat-store.ts';
import type { Database } from '../db/index.ts';
import type { Logger } from '../log.ts';
import type { StepWriter } from '../table/step-writer.ts';
import type { Tables } from '../table/tables.ts';

/**
 * Where the chat shows a table: its message ids and what they show. The chat surface's
 * own, never the table layer's (which knows no message ids); kept in the `chat` column of
 * the table's row, so the bot edits its table card again after a restart.
 */
export interface ChatNotes {
  lobby: string | null;
  table: string | null;
  /** The game's deal the table message shows: an edit meant for it never shows a later deal. */
  tableDeal: number | null;
  /** The board picture the table message carries (its signature), to re-attach only when it changes. */
  board: string | null;
  /**
   * The players a private message of this table deal reached (or is on its way to): the
   * others are shown their cards before any choice of theirs counts.
   */
  cardsShown: { deal: number; to: string[] } | null;
}

export const NO_CHAT: ChatNotes = { lobby: null, table: null, tableDeal: null, board: null, cardsShown: null };

/** A Discord id (a snowflake), or null for anything else. */
const messageId = z.string().regex(/^\d+$/).nullable().catch(null);

/** The `chat` column as stored, each field checked on its own: one that does not read is as if never noted. */
const chatNotesSchema = z
  .object({
    lobby: messageId,
    table: messageId,
    tableDeal: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER).nullable().catch(null),
    board: z.string().nullable().catch(null),
    cardsShown: z
      .object({
        deal: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
        // Only the ids that read as ids: the others are shown their cards again, never wrongly skipped.
        to: z.array(z.unknown()).transform((ids) => ids.filter((id) => typeof id === 'string')),
      })
      .nullable()
      .catch(null),
  })
  // A fresh object each time: the chat changes its notes in place.
  .catch(() => ({ ...NO_CHAT }));

/** The `chat` column (or any stored value) read as the chat's notes of a table (`chatNotesSchema`). */
export function asChatNotes(value: unknown): ChatNotes {
  return chatNotesSchema.parse(value ?? {});
}

export interface ChatNotesByTableDeps {
  db: Kysely<Database>;
  /** Saves wait in the table's queue for its steps, at the version this process holds (`Tables.atVersion`). */
  tables: Pick<Tables, 'atVersion'>;
  /**
   * Where saves are written: the bot's step writer, whose thread waits for the disk (a
   * SQLite file); on `db` when absent. On `db`, each of a deal's saves (its table card,
   * who was shown cards) held the bot's thread while SQLite wrote and synced the file.
   */
  writer?: Pick<StepWriter, 'saveSurfaceNotes'>;
  log: Logger;
}

/**
 * The chat's notes of the tables this process shows, by table id: read and changed in
 * place by the chat's side alone (the table message, the private cards, the lobby's
 * poster), and saved after each change.
 */
export class ChatNotesByTable {
  private readonly byId = new Map<number, ChatNotes>();
  /** Tables whose save is queued and not begun: a later change rides it. */
  private readonly queued = new Map<number, Promise<void>>();

  constructor(private readonly deps: ChatNotesByTableDeps) {}

  /** The table's notes, if the chat shows it. */
  get(tableId: number): ChatNotes | undefined {
    return this.byId.get(tableId);
  }

  /** The table's notes to change in place (then `save`): empty for a table the chat does not show yet. */
  of(tableId: number): ChatNotes {
    let notes = this.byId.get(tableId);
    if (!notes) {
      notes = { ...NO_CHAT };
      this.byId.set(tableId, notes);
    }
    return notes;
  }

  /** A new game opened at the table: the chat shows it anew (its lobby is posted next). */
  opened(tableId: number): void {
    this.byId.set(tableId, { ...NO_CHAT });
  }

  /** The table's notes as they are now, for a message edited later as things stand now. */
  snapshot(tableId: number): ChatNotes {
    const notes = this.byId.get(tableId) ?? NO_CHAT;
    return { ...notes, cardsShown: notes.cardsShown && { ...notes.cardsShown, to: [...notes.cardsShown.to] } };
  }

  /** A table this process shows no more (its game ended and its last messages are out). */
  forget(tableId: number): void {
    this.byId.delete(tableId);
  }

  get size(): number {
    return this.byId.size;
  }

  /** After a restart: the notes of every table with a game running, as saved. */
  async loadRunning(): Promise<void> {
    for (const { tableId, chat } of await runningTablesChat(this.deps.db)) this.byId.set(tableId, asChatNotes(chat));
  }

  /**
   * Saves the table's notes once its steps queued so far are committed, while the table
   * is at the version this process holds. A failure is logged: the next change saves
   * them all again.
   */
  save(tableId: number): Promise<void> {
    const queued = this.queued.get(tableId);
    if (queued) return queued;
    const saving = this.deps.tables
      .atVersion(tableId, async (version) => {
        this.queued.delete(tableId);
        const notes = this.byId.get(tableId);
        if (!notes || version === null) return;
        const { writer, db } = this.deps;
        const saved = writer
          ? await writer.saveSurfaceNotes(tableId, 'chat', notes, version)
          : await saveChatNotes(db, tableId, notes, version);
        if (!saved) this.deps.log.debug({ tableId, version }, 'table moved on: where the chat shows it is not saved');
      })
      .catch((err: unknown) => {
        this.deps.log.warn({ err, tableId }, 'could not save where the chat shows the table');
      })
      .finally(() => {
        if (this.queued.get(tableId) === saving) this.queued.delete(tableId);
      });
    this.queued.set(tableId, saving);
    return saving;
  }
}
