import type { Db } from './transaction.ts';

/**
 * A table's hand history in commit order: every step's events (the engine's, and the
 * bot's `GameOpened` lines). Deal numbers count per table across games.
 */
export async function tableHistory(db: Db, tableId: number): Promise<{ dealNo: number; events: unknown[] }[]> {
  const steps = await db
    .selectFrom('game_steps')
    .select(['deal_no', 'events'])
    .where('table_id', '=', tableId)
    .orderBy('id')
    .execute();
  return steps.map((s) => ({ dealNo: s.deal_no, events: JSON.parse(s.events) as unknown[] }));
}
