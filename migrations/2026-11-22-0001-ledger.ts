import { type Kysely, sql } from 'kysely';
import { dialectOf, idColumn } from '../src/db/dialect.ts';

/** Refuses UPDATE and DELETE on a table: journal entries and postings are never edited. */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
async function appendOnly(db: Kysely<any>, table: string): Promise<void> {
  const message = `${table} are append-only`;
  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        `create function ${table}_append_only() returns trigger language plpgsql as $$
         begin raise exception '${message}'; end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_append_only before update or delete on ${table}
         for each row execute function ${table}_append_only()`,
      )
      .execute(db);
    return;
  }
  for (const op of ['update', 'delete']) {
    await sql
      .raw(
        `create trigger ${table}_no_${op} before ${op} on ${table}
         begin select raise(abort, '${message}'); end`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable('ledger_accounts')
    .addColumn('id', id.type, id.build)
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('display_name', 'text')
    .addUniqueConstraint('ledger_accounts_owner', ['guild_id', 'kind', 'owner'])
    .addCheckConstraint('ledger_accounts_kind', sql`kind in ('player', 'pot', 'reserve')`)
    .execute();

  await db.schema
    .createTable('journal_entries')
    .addColumn('id', id.type, id.build)
    .addColumn('guild_id', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text')
    .addColumn('memo', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', id.type, id.build)
    .addColumn('entry_id', 'bigint', (c) => c.notNull().references('journal_entries.id'))
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('ledger_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addCheckConstraint('postings_nonzero', sql`amount <> 0`)
    .execute();
  // The only index on postings: a player's history. Every index is one more page written per deal.
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'id']).execute();

  await appendOnly(db, 'journal_entries');
  await appendOnly(db, 'postings');
}
