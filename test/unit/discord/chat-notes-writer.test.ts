import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../src/db/index.ts';
import { ChatNotesByTable } from '../../../src/discord/chat-notes.ts';
import type { Logger } from '../../../src/log.ts';

const log = { debug: vi.fn(), warn: vi.fn() } as unknown as Logger;
/** A database the bot's thread must not write to: any use fails the test. */
const untouchable = new Proxy({}, { get: () => expect.unreachable('the bot thread wrote the chat notes itself') });

describe('the chat notes', () => {
  it("are saved by the step writer, at the version the process holds, off the bot's connection", async () => {
    const saveSurfaceNotes = vi.fn(async () => true);
    const chat = new ChatNotesByTable({
      db: untouchable as Kysely<Database>,
      tables: { atVersion: (_tableId, write) => write(7) },
      writer: { saveSurfaceNotes },
      log,
    });
    chat.of(3).table = '123';
    await chat.save(3);
    expect(saveSurfaceNotes).toHaveBeenCalledTimes(1);
    expect(saveSurfaceNotes).toHaveBeenCalledWith(3, 'chat', expect.objectContaining({ table: '123' }), 7);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
