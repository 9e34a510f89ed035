import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { award, newestAchievements, playerAchievements } from '../../../src/db/achievements-store.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';

/** The achievements' rows: awarded once per player and place, newest first, the newest badge per seat. */
describe('achievements store', () => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
  });
  afterEach(() => o.close());

  const row = (userId: string, achievement: string, awardedAt: number, guildId = 'g') => ({
    guildId,
    userId,
    achievement,
    tableId: 1,
    dealNo: awardedAt,
    awardedAt,
  });

  it('awards once: a second award of the same is nothing new, in the same statement or a later one', async () => {
    const first = await award(o.db, [row('1', 'first-win', 10), row('1', 'first-win', 11), row('2', 'first-win', 10)]);
    expect(first.map((r) => `${r.userId}:${r.awardedAt}`)).toEqual(['1:10', '2:10']);
    expect(await award(o.db, [row('1', 'first-win', 12)])).toEqual([]);
    // Another place keeps its own.
    expect(await award(o.db, [row('1', 'first-win', 12, 'h')])).toHaveLength(1);
  });

  it("gives each seat's newest badge at a place, and a player's list newest first", async () => {
    await award(o.db, [row('1', 'first-deal', 10), row('1', 'first-win', 20), row('2', 'first-deal', 15)]);
    await award(o.db, [row('1', 'hat-trick', 30, 'h')]);
    expect(await newestAchievements(o.db, 'g', ['1', '2', '3'])).toEqual(
      new Map([
        ['1', 'first-win'],
        ['2', 'first-deal'],
      ]),
    );
    expect((await playerAchievements(o.db, 'g', '1')).map((a) => a.achievement)).toEqual(['first-win', 'first-deal']);
  });
});
