/**
 * Whether a database error will pass by itself. A transient one (the disk or a quota
 * full, the file locked by another process past the busy timeout, an I/O error, a
 * PostgreSQL server restarting or out of reach, a serialization failure or deadlock)
 * is worth retrying the very same step later; a permanent one (a constraint the code
 * broke, a corrupt file, a schema that does not match) fails again however long one
 * waits. Anything unknown is permanent: retrying a bug for ten minutes only hides it.
 */
export type DbErrorKind = 'transient' | 'permanent';

/** SQLite's result codes (better-sqlite3's `SqliteError.code`, extended codes included) that pass by themselves. */
const SQLITE_TRANSIENT = /^SQLITE_(FULL|BUSY|LOCKED|IOERR|READONLY|CANTOPEN|PROTOCOL|NOLFS)(_|$)/;

/**
 * PostgreSQL's SQLSTATEs that pass by themselves: class 08 (connection exception),
 * 57P01-57P03 (the server shutting down or starting), 40001 and 40P01 (serialization
 * failure, deadlock: retry the transaction), 53xxx (disk full, out of memory, too many
 * connections).
 */
const PG_TRANSIENT = /^(08...|57P0[123]|40001|40P01|53...)$/;

/** Node's socket errors on a connection that went away or never came. */
const NODE_TRANSIENT = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What pg says when its connection closes under a query (it sets no code). */
const PG_LOST =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

export function classifyDbError(err: unknown): DbErrorKind {
  if (!(err instanceof Error)) return 'permanent';
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_TRANSIENT.test(code) ? 'transient' : 'permanent';
    if (PG_TRANSIENT.test(code) || NODE_TRANSIENT.has(code)) return 'transient';
  }
  // pg hands a pool's connect failure on as an AggregateError (one per address tried).
  if (err instanceof AggregateError && err.errors.length > 0) {
    return err.errors.every((e) => classifyDbError(e) === 'transient') ? 'transient' : 'permanent';
  }
  if (PG_LOST.test(err.message)) return 'transient';
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? classifyDbError(cause) : 'permanent';
}

export function isTransientDbError(err: unknown): boolean {
  return classifyDbError(err) === 'transient';
}
