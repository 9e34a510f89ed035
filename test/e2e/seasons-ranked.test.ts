import { describe, expect } from 'vitest';
import { test } from './fixture.ts';
import { type Decide, playToEnd, privately } from './play.ts';
import type { World } from './world.ts';

/** Ten showdowns, two people staying in turn (the third drops), then ann alone: eleven deals each. */
const tenShowdownsThenAnn: Decide = ({ dealNo, player }) =>
  dealNo <= 10 ? (player === ['cat', 'ann', 'bob'][dealNo % 3] ? 'drop' : 'stay') : player === 'ann' ? 'stay' : 'drop';

async function playEleven(world: World): Promise<void> {
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 1 } });
  for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
  await world.press('ann', lobby, 'Deal').acknowledged();
  expect(await playToEnd(world, tenShowdownsThenAnn)).toBe(11);
  await world.bot.idle();
}

/**
 * Seasons past the minimum: a season's table with people ranked on it, named as the
 * ledger kept them even once they leave (never by id), the cross-server board with
 * someone on it; and a group DM's own season, whose length only its owner may choose.
 */
describe('ranked seasons', () => {
  test('a ranked season table names a player who left, and the global board ranks who opted in', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], rateLimits: 'none', pauseMs: 0 });
    await playEleven(world);
    const board = await world.reply('bob', 'guts', { subcommand: 'season' });
    const text = board.embeds[0]?.description ?? '';
    // Eleven deals each, over the 10 a place takes; ten showdowns of three people dealt in: 2 points a win.
    const rows = [...text.matchAll(/^\d+\. \*\*(\w+)\*\* · (\d+) · (\d+)\/(\d+)$/gm)].map((m) => ({
      name: m[1],
      points: Number(m[2]),
      won: Number(m[3]),
      played: Number(m[4]),
    }));
    expect(rows.map((r) => r.name).sort()).toEqual(['ann', 'bob', 'cat']);
    expect(text).not.toContain('Not ranked yet');
    // Every deal had one winner: 11 wins, 2 points each (the two others dealt in beaten).
    expect(rows.every((r) => r.played === 11 && r.points === 2 * r.won)).toBe(true);
    expect(rows.reduce((sum, r) => sum + r.won, 0)).toBe(11);
    expect(rows.map((r) => r.points)).toEqual(rows.map((r) => r.points).sort((a, b) => b - a));

    const cat = world.user('cat');
    world.discord.removeMember(world.guild, cat);
    const afterLeaving = (await world.reply('bob', 'guts', { subcommand: 'season' })).embeds[0]?.description ?? '';
    expect(afterLeaving).toContain('**cat**'); // the name the ledger kept
    await world.database.db
      .updateTable('ledger_accounts')
      .set({ display_name: null })
      .where('owner', '=', cat.id)
      .execute();
    const unnamed = (await world.reply('bob', 'guts', { subcommand: 'season' })).embeds[0]?.description ?? '';
    expect(unnamed).toContain('**a player who left**');
    expect(unnamed).not.toContain(cat.id);

    const global = { subcommand: 'leaderboard', options: { scope: 'global' } };
    await privately(world.reply('ann', 'guts', { subcommand: 'profile', options: { public: true } }));
    const ranked = await world.reply('bob', 'guts', global);
    const everywhere = ranked.embeds[0]?.description ?? '';
    expect(everywhere).toContain('**ann**');
    // Only who opted in, and never the server's name.
    expect(everywhere).not.toContain('**bob**');
    expect(JSON.stringify(ranked.embeds)).not.toContain('game night');
  }, 120_000);

  test("a group DM plays its own season, and only its owner chooses the seasons' length", async ({ startWorld }) => {
    const world = await startWorld({ place: 'group-dm', rateLimits: 'none', pauseMs: 0 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 1 } });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await playToEnd(world, ({ dealNo, player }) => (dealNo === 1 || player === 'ann' ? 'stay' : 'drop'));
    await world.bot.idle();
    const season = (await world.reply('cat', 'guts', { subcommand: 'season' })).embeds[0];
    expect(season?.title).toBe('Season 1');
    expect(season?.description).toContain('Not ranked yet (under 10 deals): 3');
    // The group DM's seasons are its own, keyed by its channel as its ledger is.
    const places = await world.database.db.selectFrom('season_scores').select('guild_id').distinct().execute();
    expect(places.map((p) => p.guild_id)).toEqual([world.channel.id]);
    const refused = await privately(world.reply('bob', 'guts-seasons', { options: { length: 'quarter' } }));
    expect(refused.content).toMatch(/^Only the group DM's owner can do that/);
    const chosen = await privately(world.reply('ann', 'guts-seasons', { options: { length: 'quarter' } }));
    expect(chosen.content).toMatch(/^Seasons last a quarter from season 2, which starts <t:\d+:D>\.$/);
    const again = await privately(world.reply('ann', 'guts-seasons', { options: { length: 'quarter' } }));
    expect(again.content).toBe('Seasons already last a quarter.');
  }, 120_000);
});
