import { saveEras } from '../db/season-store.ts';
import { type Db, inTransaction } from '../db/transaction.ts';
import { loadEras } from './milestones.ts';
import { chooseLength, type Season, type SeasonLength, seasonAt } from './seasons.ts';

/**
 * A place chooses how long its seasons are: the season under way runs to its end, and
 * seasons of `length` follow it (seasons.ts `chooseLength`). Returns whether that
 * changed anything, the season under way and the first of the new length.
 */
export async function chooseSeasonLength(
  db: Db,
  guildId: string,
  length: SeasonLength,
  now: number,
): Promise<{ changed: boolean; current: Season | null; next: Season | null }> {
  return inTransaction(db, async (trx) => {
    const before = await loadEras(trx, guildId);
    const eras = chooseLength(before, length, now);
    const changed = JSON.stringify(eras) !== JSON.stringify(before);
    if (changed) await saveEras(trx, guildId, eras);
    const current = seasonAt(eras, now);
    // A place with no season yet plays the new length from now.
    const next = before.length === 0 ? current : current ? seasonAt(eras, current.end) : null;
    return { changed, current, next };
  });
}
