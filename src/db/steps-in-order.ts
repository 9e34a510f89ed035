import type { Db } from './transaction.ts';

/** Steps read at a time: a long history is never loaded whole. */
const PAGE = 1_000;

/**
 * Every game step in commit (id) order, one table's when `tableId` is given, read a page
 * at a time: what the back-fills replay the hand history from.
 */
export async function* stepsInOrder(db: Db, tableId?: number) {
  let after = 0;
  for (;;) {
    let query = db
      .selectFrom('game_steps')
      .select(['id', 'table_id', 'deal_no', 'events', 'created_at'])
      .where('id', '>', after);
    if (tableId !== undefined) query = query.where('table_id', '=', tableId);
    const steps = await query.orderBy('id').limit(PAGE).execute();
    if (steps.length === 0) return;
    after = Number(steps.at(-1)?.id);
    yield* steps;
  }
}
