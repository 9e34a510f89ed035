import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** A database handle or an open transaction: every ledger and table-store function takes either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * Runs `work` in a transaction: a new one on a plain handle, the caller's own when
 * given a transaction (so several writes can share one commit).
 */
export function inTransaction<T>(db: Db, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}
