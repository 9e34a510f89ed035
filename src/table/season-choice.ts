import { saveEras } from '../db/season-store.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import { loadEras } from './milestones.ts';
import { chooseLength, type Season, type SeasonLength, seasonAt } from './seasons.ts';

/**
 * A place chooses how long its seasons are: the season under way runs to its end, and
 * seasons of `length` follow it (seasons.ts `chooseLength`). Returns the season under
 * way and the first of the new length (the same when nothing changes).
 */
export async function chooseSeasonLength(
  db: Db,
  guildId: string,
  length: SeasonLength,
  now: number,
): Promise<{ current: Season | null; next: Season | null }> {
  return inTransaction(db, async (trx) => {
    const eras = chooseLength(await loadEras(trx, guildId), length, now);
    await saveEras(trx, guildId, eras);
    const current = seasonAt(eras, now);
    return { current, next: current ? seasonAt(eras, current.end) : null };
  });
}
