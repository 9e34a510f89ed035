import type { Database } from 'guts/src/db/index.ts';
import type { Kysely } from 'kysely';

/** Deals settled per table and deal in the run's database: each should be settled once. */
export async function settledDeals(db: Kysely<Database>): Promise<{ dealsSettled: number; settledTwice: number }> {
  const steps = await db.selectFrom('game_steps').select(['table_id', 'deal_no', 'events']).execute();
  const settled = new Map<string, number>();
  for (const s of steps) {
    const ends = (JSON.parse(s.events) as { type: string }[]).filter((e) => e.type === 'DealEnded').length;
    const key = `${s.table_id}:${s.deal_no}`;
    if (ends) settled.set(key, (settled.get(key) ?? 0) + ends);
  }
  return {
    dealsSettled: [...settled.values()].reduce((a, b) => a + b, 0),
    settledTwice: [...settled.values()].filter((n) => n > 1).length,
  };
}
