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
 */
export function withStatementCache(sqlite: BetterSqlite): SqliteDatabase {
  const cache = new LruCache<string, Statement>(CACHE_SIZE);
  openCaches.add(cache);
  return {
    prepare(text: string) {
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

/** The statement caches of this thread's open connections (see `statementCacheSize`). */
const openCaches = new Set<LruCache<string, Statement>>();

/** Statements prepared and kept by this thread's open SQLite connections, and the most they keep. */
export function statementCacheSize(): CacheSize {
  let size = 0;
  for (const cache of openCaches) size += cache.size;
  return { size, limit: CACHE_SIZE * openCaches.size };
}
