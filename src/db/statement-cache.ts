import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import type { CacheSize } from '../cache-sizes.ts';
import { LruCache } from '../lru.ts';

const CACHE_SIZE = 256;

/**
 * kysely's SQLite driver prepares every query anew; preparing costs about as much
 * as running a small statement. This hands it a database whose `prepare` reuses
 * statements by SQL text (least recently used dropped past `CACHE_SIZE`), which is
 * what lets one deal per transaction beat 2,000/s with synchronous=FULL.
 *
 * It also makes every transaction `BEGIN IMMEDIATE` (kysely says `begin`): several
 * processes share one SQLite file when the bot runs one process per shard, and a
 * deferred transaction that reads before it writes fails at once with SQLITE_BUSY when
 * another process wrote meanwhile, whatever the busy timeout. An immediate one takes the
 * write lock first, waiting for it up to the busy timeout.
 *
 * And a `rollback` with no transaction open does nothing: on some errors (SQLITE_FULL,
 * SQLITE_IOERR, SQLITE_BUSY in a commit) SQLite has rolled the transaction back itself,
 * and kysely's own `rollback` would then fail with "cannot rollback - no transaction is
 * active", an error that takes the place of the one that says what went wrong.
 */
export function withStatementCache(sqlite: BetterSqlite): SqliteDatabase {
  const cache = new LruCache<string, Statement>(CACHE_SIZE);
  openCaches.add(cache);
  return {
    prepare(text: string) {
      if (text === 'rollback' && !sqlite.inTransaction) return ROLLED_BACK;
      const sql = text === 'begin' ? 'begin immediate' : text;
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        cache.set(sql, stmt);
      }
      return stmt;
    },
    close: () => {
      openCaches.delete(cache);
      sqlite.close();
    },
  };
}

/** What kysely runs for a `rollback` SQLite already did: nothing (kysely reads `reader` and calls `run`). */
const ROLLED_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as Statement;

/** The statement caches of this thread's open connections (see `statementCacheSize`). */
const openCaches = new Set<LruCache<string, Statement>>();

/** Statements prepared and kept by this thread's open SQLite connections, and the most they keep. */
export function statementCacheSize(): CacheSize {
  let size = 0;
  for (const cache of openCaches) size += cache.size;
  return { size, limit: CACHE_SIZE * openCaches.size };
}
