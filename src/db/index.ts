import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteAdapter, SqliteDialect } from 'kysely';
import pg from 'pg';
import { log } from '../log.ts';
import type { DialectName } from './dialect.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { checkPostgres, checkSqliteFile, describeDatabase } from './start-check.ts';
import { withStatementCache } from './statement-cache.ts';

export { type DialectName, dialectOf } from './dialect.ts';
export type * from './schema.ts';
export { migrateToLatest };

export const DEFAULT_DATABASE_URL = 'file:./data/guts.db';

export interface OpenDatabase {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The URL it was opened from: another thread opens its own connection with it. */
  url: string;
  close(): Promise<void>;
}

const PG_INT8 = 20;

/**
 * Postgres returns `bigint` as a string so no digit is lost; chips fit in a double,
 * so parse them to numbers and refuse (rather than round) anything that does not.
 */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`bigint ${text} does not fit in a JavaScript number`);
  return n;
}

const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === PG_INT8 ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

function openPostgres(url: string): OpenDatabase {
  const pool = new pg.Pool({ connectionString: url, types: pgTypes, max: 10 });
  // An idle connection the server closed (a restart, a failover) is an 'error' event on the
  // pool: unhandled, Node would end the process. pg has dropped that connection already and
  // connects anew for the next query; the step that needs one waits for the server (table/db-retry.ts).
  // Only what it says: pg hangs the whole client (its connection settings) on the error.
  pool.on('error', (err) =>
    log.warn(
      { code: (err as { code?: string }).code, reason: err.message },
      'PostgreSQL closed an idle connection: it is dropped',
    ),
  );
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', url, close: () => db.destroy() };
}

/**
 * SQLite runs DDL in transactions, but kysely's adapter says it does not, so its
 * migrator runs SQLite migrations one statement at a time and without a lock: shard
 * processes starting together on one file would each find a migration pending and run
 * it (a table created twice, a backfill applied twice). Saying it does makes the
 * migrator run them in one transaction, which here is `BEGIN IMMEDIATE`
 * (statement-cache.ts): one process migrates, the others wait, then find nothing to do.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Each connection's page cache, KiB (SQLite's own default). better-sqlite3 builds SQLite
 * with 16 MB, and a connection keeps every page it wrote or read until that is full: the
 * step writer's cache grew with the file, deal after deal, up to 16 MB (and the bot's
 * reading connection beside it), resident memory that looked like a leak in long games.
 * A step touches a few pages (its rows, the ends of their indexes): 2 MB holds them.
 */
const PAGE_CACHE_KIB = 2048;

/** Bytes the WAL file is cut back to after a checkpoint (see `openSqlite`). */
export const WAL_SIZE_LIMIT = 4 * 1024 * 1024;

/** How long a statement waits for a lock another connection holds before it fails (SQLITE_BUSY). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

class GutsSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function openSqlite(path: string, url: string): OpenDatabase {
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // Money: every commit reaches the disk before it is acknowledged.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // SQLite checkpoints the WAL back into the file every 1,000 pages (~4 MB) but never
  // shrinks it: after a burst a checkpoint could not catch up with, the WAL would keep
  // its largest size for good. This truncates it back to 4 MiB at the next checkpoint.
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
  // Negative: KiB rather than pages. An in-memory database lives in its cache: no bound there.
  if (!inMemory) sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const db = new Kysely<Database>({ dialect: new GutsSqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', url, close: () => db.destroy() };
}

/** The SQLite file a `file:` URL names (`:memory:` for an in-memory database), or null. */
export function sqlitePathOf(url: string): string | null {
  if (url === ':memory:' || url === 'file::memory:') return ':memory:';
  if (url.startsWith('file:') && url.length > 'file:'.length) return url.slice('file:'.length);
  return null;
}

/**
 * Opens the database a URL names: `file:PATH` (SQLite, folder created, WAL, foreign
 * keys, synchronous=FULL), `:memory:` / `file::memory:`, or `postgres://…`.
 * Throws one clear line for anything else.
 */
export function openDatabase(url: string = DEFAULT_DATABASE_URL): OpenDatabase {
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url);
  const path = sqlitePathOf(url);
  if (path === null) throw new Error(`DATABASE_URL must be file:PATH or postgres://…, got "${url}"`);
  return openSqlite(path, url);
}

const oneLine = (err: unknown): string => (err as Error).message.replace(/\s+/g, ' ');

/**
 * Opens and migrates the database a bot process serves from, once start-check.ts has
 * found it writable, sound and not from a newer version of the bot (SQLite is checked
 * before it is opened to write: nothing is written to a file refused). Rejects with one
 * line naming the problem and the database (a Postgres URL without its password).
 */
export async function openToServe(url: string): Promise<OpenDatabase> {
  const path = /^postgres(ql)?:\/\//.test(url) ? null : sqlitePathOf(url);
  const where = path === ':memory:' ? 'in memory' : describeDatabase(url, path);
  if (path !== null && path !== ':memory:') checkSqliteFile(path, where);
  let opened: OpenDatabase;
  try {
    opened = openDatabase(url);
  } catch (err) {
    throw new Error(`database ${where}: ${oneLine(err)}`);
  }
  try {
    // The check's lines name the database already; a failed migration's gets it added.
    if (opened.dialect === 'postgres') await checkPostgres(opened.db, where);
    await migrateToLatest(opened.db).catch((err: unknown) => {
      throw new Error(`${oneLine(err)} (${where})`);
    });
    return opened;
  } catch (err) {
    await opened.close();
    throw err;
  }
}
