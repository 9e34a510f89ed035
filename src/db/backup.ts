import { existsSync, renameSync, rmSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';

export interface BackupMade {
  pages: number;
  bytes: number;
}

/** sqlite3_backup_step's "every page left" (better-sqlite3 clamps a step to this). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies a SQLite database that a bot may be writing, with SQLite's online backup
 * (better-sqlite3's `backup`): the copy is the database as one committed moment left it,
 * never a half-written deal. The source is opened read-only and the pages are copied in
 * one step, inside one read transaction: in WAL mode the bot's writes go on meanwhile (a
 * write between SQLite's first, empty step and that one restarts it, once). The copy is
 * written beside `to`, checked with `quick_check` and only then renamed to `to`, so `to`
 * is a whole backup or nothing. A file already at `to` is refused unless `overwrite`
 * says to replace it (the rename replaces it only once the copy is whole and checked).
 */
export async function backupSqlite(from: string, to: string, { overwrite = false } = {}): Promise<BackupMade> {
  if (existsSync(to) && !overwrite) {
    throw new Error(`${to} is already there: a backup never overwrites a file unless told to (--force)`);
  }
  const partial = `${to}.partial-${process.pid}`;
  const source = new SqliteDatabase(from, { readonly: true, fileMustExist: true });
  try {
    const { totalPages } = await source.backup(partial, { progress: () => ALL_PAGES });
    // A read-write connection, so closing it leaves no WAL or shared-memory file beside the copy.
    const copy = new SqliteDatabase(partial, { fileMustExist: true });
    try {
      const check = (copy.pragma('quick_check') as { quick_check: string }[])[0]?.quick_check;
      if (check !== 'ok') throw new Error(`the copy failed its check (${check}): try again`);
    } finally {
      copy.close();
    }
    renameSync(partial, to);
    return { pages: totalPages, bytes: statSync(to).size };
  } finally {
    source.close();
    rmSync(partial, { force: true });
  }
}
