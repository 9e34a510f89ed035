import type { Kysely } from 'kysely';
import { idColumn } from '../src/db/dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('game_tables')
    .addColumn('id', id.type, id.build)
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('running', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text')
    .addColumn('deadline', 'bigint')
    .addColumn('messages', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deal_no', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('game_tables_channel', ['guild_id', 'channel_id'])
    .execute();
  await db.schema.createIndex('game_tables_running').on('game_tables').column('running').execute();

  await db.schema
    .createTable('game_steps')
    .addColumn('id', id.type, id.build)
    .addColumn('table_id', 'bigint', (c) => c.notNull().references('game_tables.id'))
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('deal_no', 'integer', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('game_steps_deal').on('game_steps').columns(['table_id', 'deal_no', 'id']).execute();
}
