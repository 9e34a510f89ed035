import type { Kysely } from 'kysely';

/**
 * Where the chat shows each table (its lobby and table message ids, the deal and board
 * picture the table message shows, who a deal's private message reached) moves out of
 * the table's own notes (`messages`) into a column of the chat's (`chat`): the table layer
 * no longer knows message ids (docs/ARCHITECTURE.md). Copied over once, so a bot upgraded
 * mid-game still edits its table cards.
 */
const CHAT_KEYS = ['lobby', 'table', 'tableDeal', 'board', 'cardsShown'] as const;

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('game_tables')
    .addColumn('chat', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();
  const rows: { id: number; messages: string }[] = await db
    .selectFrom('game_tables')
    .select(['id', 'messages'])
    .execute();
  for (const row of rows) {
    const messages = JSON.parse(row.messages) as Record<string, unknown> | null;
    if (typeof messages !== 'object' || messages === null) continue;
    const chat = Object.fromEntries(CHAT_KEYS.filter((k) => k in messages).map((k) => [k, messages[k]]));
    if (Object.keys(chat).length === 0) continue;
    await db
      .updateTable('game_tables')
      .set({ chat: JSON.stringify(chat) })
      .where('id', '=', row.id)
      .execute();
  }
}
