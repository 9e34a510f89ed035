import type { Kysely } from 'kysely';
import { idColumn } from '../src/db/dialect.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('deal_results')
    .addColumn('id', id.type, id.build)
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('table_id', 'bigint', (c) => c.notNull().references('game_tables.id'))
    .addColumn('deal_no', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('variant', 'text', (c) => c.notNull())
    .addColumn('stayed', 'integer', (c) => c.notNull())
    .addColumn('won', 'integer', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('pot_won', 'bigint', (c) => c.notNull())
    .addColumn('hand_name', 'text')
    .addColumn('hand_value', 'double precision')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('deal_results_once', ['table_id', 'deal_no', 'user_id'])
    .execute();
  await db.schema
    .createIndex('deal_results_player')
    .on('deal_results')
    .columns(['guild_id', 'user_id', 'variant', 'hand_value'])
    .execute();
  // The period's rows, with what the leaderboard sums: read from the index alone.
  await db.schema
    .createIndex('deal_results_period')
    .on('deal_results')
    .columns(['guild_id', 'created_at', 'user_id', 'net', 'won'])
    .execute();

  // Running totals per player and server, kept with each deal: the all-time board
  // reads one row per player instead of summing every deal ever played.
  await db.schema
    .createTable('player_totals')
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addColumn('won', 'bigint', (c) => c.notNull())
    .addColumn('deals', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_totals_key', ['guild_id', 'user_id'])
    .execute();
}
