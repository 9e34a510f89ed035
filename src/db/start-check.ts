import { accessSync, constants, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { knownMigrations } from './migrate.ts';

/**
 * What a bot process checks before it writes to its database: that it can write there,
 * that the file is a sound SQLite database, and that no newer version of the bot has
 * migrated it (this one would run on a schema it does not know). Each check reads only,
 * so a database refused is a database unchanged; each refusal is one line naming the
 * problem and the database.
 */

/** A database named for a person: a file's absolute path, or a Postgres URL without its password. */
export function describeDatabase(url: string, sqlitePath: string | null): string {
  if (sqlitePath !== null) return `file ${resolve(sqlitePath)}`;
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    // Not a URL node can read: say so rather than print what may hold a password.
    return 'at DATABASE_URL (not a URL)';
  }
}

const errorCode = (err: unknown): string => (err as { code?: string }).code ?? 'error';

/**
 * The file (or, for a new one, its folder) can be written: `access(2)`, which also says
 * so for a read-only mount or an immutable file, where even root cannot write. The
 * folder must be writable too: SQLite keeps its WAL and shared-memory files beside the
 * database.
 */
function checkWritable(path: string, where: string): void {
  const folder = dirname(resolve(path));
  try {
    if (existsSync(path)) accessSync(path, constants.R_OK | constants.W_OK);
  } catch (err) {
    throw new Error(`database ${where} is not writable (${errorCode(err)}): the bot saves every game step in it`);
  }
  try {
    if (existsSync(folder)) accessSync(folder, constants.W_OK);
  } catch (err) {
    throw new Error(
      `database ${where}: its folder ${folder} is not writable (${errorCode(err)}), and SQLite keeps its WAL there`,
    );
  }
}

/** The first migration the database has applied that this version does not have, or null. */
function unknownMigration(applied: string[]): string | null {
  const known = knownMigrations();
  return applied.find((name) => !known.has(name)) ?? null;
}

function newerVersion(where: string, migration: string): Error {
  return new Error(
    `database ${where} was written by a newer version of guts (it has migration ${migration}, which this version does not): run that version, or restore a backup made before it`,
  );
}

/**
 * Checks an SQLite file before the bot opens it to write: a read-only connection (which
 * never writes the file, and takes part in the locks, so a shard already writing it is
 * read consistently) runs `quick_check` and reads the applied migrations. Garbage, a
 * truncated file and a newer bot's file are refused here, before anything could write a
 * journal or run a migration on them. A file that is not there yet passes: the bot creates it.
 */
export function checkSqliteFile(path: string, where: string): void {
  checkWritable(path, where);
  if (!existsSync(path)) return;
  let sqlite: SqliteDatabase.Database | null = null;
  try {
    sqlite = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    const problems = sqlite.pragma('quick_check') as { quick_check: string }[];
    const first = problems[0]?.quick_check ?? 'ok';
    if (first !== 'ok')
      throw new Error(`database ${where} is corrupt (${first.replace(/\s+/g, ' ')}): restore a backup`);
    const hasMigrations = sqlite
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    const applied = hasMigrations
      ? (sqlite.prepare('select name from kysely_migration').pluck().all() as string[])
      : [];
    const unknown = unknownMigration(applied);
    if (unknown) throw newerVersion(where, unknown);
  } catch (err) {
    const code = errorCode(err);
    if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT')) {
      throw new Error(`database ${where} is corrupt (${(err as Error).message}): restore a backup`);
    }
    if (code.startsWith('SQLITE_')) throw new Error(`database ${where} cannot be read: ${(err as Error).message}`);
    throw err;
  } finally {
    sqlite?.close();
  }
}

/** Checks a Postgres database before the bot migrates it: reachable, and not migrated by a newer bot. */
// biome-ignore lint/suspicious/noExplicitAny: reads only kysely's own table
export async function checkPostgres(db: Kysely<any>, where: string): Promise<void> {
  let applied: string[];
  try {
    const table = await sql<{ t: string | null }>`select to_regclass('kysely_migration')::text as t`.execute(db);
    applied = table.rows[0]?.t
      ? (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((r) => r.name)
      : [];
  } catch (err) {
    throw new Error(`database ${where} cannot be read: ${(err as Error).message.replace(/\s+/g, ' ')}`);
  }
  const unknown = unknownMigration(applied);
  if (unknown) throw newerVersion(where, unknown);
}
