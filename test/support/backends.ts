import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../src/db/index.ts';

/**
 * The databases every ledger and table-store suite runs against: SQLite always,
 * PostgreSQL too when `TEST_POSTGRES_URL` is set (`.ci/postgres.sh start`). Each
 * `fresh()` is a new, migrated, empty database, so tests and runs never collide.
 */
export interface Backend {
  name: 'sqlite' | 'postgres';
  /** A database URL for a new empty database (not migrated). */
  freshUrl(): Promise<string>;
  /** A new empty migrated database. */
  fresh(): Promise<OpenDatabase>;
}

const postgresAdminUrl = process.env.TEST_POSTGRES_URL;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresAdminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function freshPostgresUrl(): Promise<string> {
  const name = `guts_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  const url = new URL(postgresAdminUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function migrated(url: string): Promise<OpenDatabase> {
  const opened = openDatabase(url);
  await migrateToLatest(opened.db);
  return opened;
}

const sqlite: Backend = {
  name: 'sqlite',
  freshUrl: async () => ':memory:',
  fresh: () => migrated(':memory:'),
};

const postgres: Backend = {
  name: 'postgres',
  freshUrl: freshPostgresUrl,
  fresh: async () => migrated(await freshPostgresUrl()),
};

export const backends: Backend[] = postgresAdminUrl ? [sqlite, postgres] : [sqlite];
