import type { Kysely } from 'kysely';
import type { Database } from '../src/db/index.ts';
import { replayMilestones } from '../src/table/milestones-backfill.ts';

/**
 * Seasons and achievements (docs/RULES.md): each place's season calendar, each
 * player's points per season and history at the place (what the achievements' rules
 * read), the achievements awarded, and who chose to appear on the cross-server board.
 * Worked out once here from the hand history already in the database, exactly as the
 * commit of each deal now keeps them.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('season_eras')
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('length', 'text', (c) => c.notNull())
    .addColumn('first_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_eras_key', ['guild_id', 'starts_at'])
    .execute();
  await db.schema
    .createTable('season_scores')
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('season_no', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('points', 'bigint', (c) => c.notNull())
    .addColumn('won', 'bigint', (c) => c.notNull())
    .addColumn('deals', 'bigint', (c) => c.notNull())
    .addColumn('net', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('season_scores_key', ['guild_id', 'season_no', 'user_id'])
    .execute();
  // A player's seasons everywhere (the cross-server board, their best rank).
  await db.schema.createIndex('season_scores_player').on('season_scores').columns(['user_id', 'guild_id']).execute();
  await db.schema
    .createTable('player_progress')
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('progress', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('player_progress_key', ['guild_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('achievements')
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('achievement', 'text', (c) => c.notNull())
    .addColumn('table_id', 'bigint', (c) => c.notNull())
    .addColumn('deal_no', 'integer', (c) => c.notNull())
    .addColumn('awarded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('achievements_once', ['guild_id', 'user_id', 'achievement'])
    .execute();
  // The result of a deal reads what it earned.
  await db.schema.createIndex('achievements_deal').on('achievements').columns(['table_id', 'deal_no']).execute();
  await db.schema
    .createTable('player_profiles')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addColumn('display_name', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await replayMilestones(db as Kysely<Database>, { write: 'all' });
}
