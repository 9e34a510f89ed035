import { readdirSync } from 'node:fs';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/db/index.ts';

/**
 * 2026-11-28-0001-chat-notes: where the chat shows each table moves from the table's own
 * notes (`messages`) to the chat's column (`chat`), copied once, so a bot upgraded in the
 * middle of a game still edits its table card.
 */

const folder = new URL('../../../migrations/', import.meta.url);
const CHAT_NOTES = '2026-11-28-0001-chat-notes.ts';
type Up = { up(db: Kysely<unknown>): Promise<void> };
const migration = async (file: string) => (await import(new URL(file, folder).href)) as Up;

describe('the chat notes migration', () => {
  it("copies a table's message ids into the chat column, and leaves a table without any at {}", async () => {
    const o = openDatabase(':memory:');
    try {
      // The schema as it was before it.
      const before = readdirSync(folder)
        .filter((f) => f.endsWith('.ts') && f < CHAT_NOTES)
        .sort();
      for (const file of before) await (await migration(file)).up(o.db as Kysely<unknown>);
      const raw = o.db as unknown as Kysely<{
        game_tables: { id?: number; guild_id: string; channel_id: string; messages: string; updated_at: number };
      }>;
      const shown = { lobby: '11', table: '12', tableDeal: 3, board: 'b', cardsShown: { deal: 4, to: ['1'] } };
      await raw
        .insertInto('game_tables')
        .values([
          {
            guild_id: 'g',
            channel_id: 'c1',
            messages: JSON.stringify({ ...shown, dealBase: 2, locale: 'de' }),
            updated_at: 0,
          },
          { guild_id: 'g', channel_id: 'c2', messages: JSON.stringify({ dealBase: 5 }), updated_at: 0 },
        ])
        .execute();
      await (await migration(CHAT_NOTES)).up(o.db as Kysely<unknown>);
      const rows = await o.db.selectFrom('game_tables').select(['channel_id', 'chat']).orderBy('channel_id').execute();
      expect(rows.map((r) => [r.channel_id, JSON.parse(r.chat)])).toEqual([
        ['c1', shown],
        ['c2', {}],
      ]);
    } finally {
      await o.close();
    }
  });
});
