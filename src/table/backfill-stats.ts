import type { Kysely, Transaction } from 'kysely';
import { insertDealResults } from '../db/deal-results-store.ts';
import { gameEvents, historyLines } from '../db/hand-history.ts';
import type { Database } from '../db/index.ts';
import { stepsInOrder } from '../db/steps-in-order.ts';
import { dealResultsOf } from './deal-results-of-events.ts';

/**
 * Stats for the deals settled before each deal's results were kept with it: worked out
 * from the hand history (every step's events, in commit order; each game's variant from
 * its `GameOpened` line), exactly as a commit works them out now. Deals that already have
 * results are left alone, so running it twice counts nothing twice. Returns the number
 * of deals it added.
 */
export async function backfillDealResults(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  let added = 0;
  const tables = await db.selectFrom('game_tables').select(['id', 'guild_id']).orderBy('id').execute();
  for (const table of tables) {
    const tableId = Number(table.id);
    const done = new Set(
      (await db.selectFrom('deal_results').select('deal_no').where('table_id', '=', tableId).distinct().execute()).map(
        (row) => row.deal_no,
      ),
    );
    let variant: string | null = null;
    for await (const step of stepsInOrder(db, tableId)) {
      const events = historyLines(step.events, { tableId, dealNo: step.deal_no });
      for (const e of events) if (e.type === 'GameOpened') variant = e.variant;
      if (variant === null || done.has(step.deal_no)) continue;
      const results = dealResultsOf(gameEvents(events));
      if (results.length === 0) continue;
      const where = { guildId: table.guild_id, tableId, dealNo: step.deal_no, variant, at: Number(step.created_at) };
      await insertDealResults(db, where, results);
      done.add(step.deal_no);
      added += 1;
    }
  }
  return added;
}
