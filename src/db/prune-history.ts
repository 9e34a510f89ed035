import type { Db } from './transaction.ts';

/**
 * Hand histories kept for a number of days (`HISTORY_DAYS`). A game step's events are the
 * hand history of its deal and its key the step's idempotency record; after a few days
 * neither is needed to play (a token lives 15 minutes), only to replay a deal with
 * `guts export`. What is never removed: the ledger, the results of each deal (stats,
 * leaderboards), the steps that opened a game or changed its rules (a later deal's
 * export needs them), and any deal of a running table from its current one on.
 */

/** Removes up to `batch` hand-history steps recorded before `before` (epoch ms); returns how many. */
export async function pruneHandHistories(db: Db, before: number, batch = 500): Promise<number> {
  const rows = await db
    .selectFrom('game_steps as s')
    .innerJoin('game_tables as t', 't.id', 's.table_id')
    .select('s.id')
    .where('s.created_at', '<', before)
    .where((eb) => eb.or([eb('t.running', '=', 0), eb('s.deal_no', '<', eb.ref('t.deal_no'))]))
    .where('s.events', 'not like', '%"type":"GameOpened"%')
    .where('s.events', 'not like', '%"type":"OptionsChanged"%')
    .orderBy('s.id')
    .limit(batch)
    .execute();
  if (rows.length === 0) return 0;
  await db
    .deleteFrom('game_steps')
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.length;
}

/** Whether deal `dealNo` of a table was settled (its result is kept even when its hand history is not). */
export async function dealWasSettled(db: Db, tableId: number, dealNo: number): Promise<boolean> {
  const row = await db
    .selectFrom('deal_results')
    .select('id')
    .where('table_id', '=', tableId)
    .where('deal_no', '=', dealNo)
    .executeTakeFirst();
  return row !== undefined;
}
