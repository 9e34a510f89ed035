import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

/** Which SQL engine sits behind a kysely instance (migrations need it for id columns). */
// biome-ignore lint/suspicious/noExplicitAny: works for any schema
export function dialectOf(db: Kysely<any>): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/**
 * The surrogate key column for a migration: SQLite's rowid alias (`integer primary
 * key`) or a Postgres `bigint` identity. Both read back as numbers.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations see the schema as it was then
export function idColumn(db: Kysely<any>): { type: 'integer' | 'bigint'; build: ColumnBuild } {
  return dialectOf(db) === 'postgres'
    ? { type: 'bigint', build: (col) => col.primaryKey().generatedByDefaultAsIdentity() }
    : { type: 'integer', build: (col) => col.primaryKey() };
}

type ColumnBuild = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
