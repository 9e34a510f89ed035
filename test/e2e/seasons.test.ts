import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { InvocationError } from '@guts/local-discord';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { openAndDeal, playToEnd, privately, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

const bin = resolve(__dirname, '../../bin/guts.js');

/** `guts backfill-achievements` on the world's database, as its own process. */
function backfill(world: World) {
  return spawnSync(process.execPath, [bin, 'backfill-achievements', '--db', world.dbUrl], {
    env: { ...process.env, DATABASE_URL: '' },
    encoding: 'utf8',
  });
}

/**
 * Seasons, achievements and honest boards after a real game through the channel: what
 * the result says a deal earned, /guts season and /guts stats, who may choose the
 * seasons' length, a player who left, and the back-fill run twice.
 */
describe('seasons and achievements', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], rateLimits: 'none' });
    await openAndDeal(world, 'three-card');
    await playToEnd(world, showdownThenHostAlone('ann'));
    await world.bot.idle();
  });

  it("announces on the first deal's result what it earned: everyone's first deal, the winner's first win", async () => {
    const result = await world.waitFor((m) => /: deal 1 result$/.test(m.embeds[0]?.title ?? ''));
    const field = result.embeds[0]?.fields?.find((f) => f.name === 'Achievements');
    const lines = field?.value.split('\n') ?? [];
    expect(lines).toHaveLength(3);
    for (const name of ['ann', 'bob', 'cat'])
      expect(lines.some((l) => l.startsWith(`🏅 **${name}**: Pull up a chair`))).toBe(true);
    expect(lines.filter((l) => l.includes('First blood'))).toHaveLength(1);
  });

  it("tells the night's recap in the final standings, on the message that ends the game", async () => {
    const over = await world.waitFor((m) => m.embeds.some((e) => /^Game over after/.test(e.title ?? '')));
    const standings = over.embeds.find((e) => /^Game over after/.test(e.title ?? ''));
    const recap = standings?.fields?.find((f) => f.name === 'The night')?.value.split('\n') ?? [];
    expect(recap[0]).toMatch(/^💰 Biggest pot: \*\*(ann|bob|cat)\*\*, \d+ chips$/);
    expect(recap.some((l) => /^🃏 Best hand: \*\*(ann|bob|cat)\*\*, /.test(l))).toBe(true);
    // bob and cat dropped every deal after the first.
    expect(recap.at(-1)).toMatch(/^🏳️ Most drops: \*\*(bob|cat)\*\*, \d+\/\d+$/);
  });

  it('lists a player’s achievements on /guts stats', async () => {
    const stats = await world.reply('bob', 'guts', { subcommand: 'stats', options: { player: world.user('ann').id } });
    expect(stats.embeds[0]?.description).toMatch(/🏅 Achievements: \d+\/21\n.*Pull up a chair/);
  });

  it('shows the season: its window and time left, who is not ranked yet, and how points count', async () => {
    const board = await world.reply('cat', 'guts', { subcommand: 'season' });
    const embed = board.embeds[0];
    expect(embed?.title).toBe('Season 1');
    expect(embed?.description).toMatch(/^<t:\d+:D> to <t:\d+:D>, ends <t:\d+:R>/);
    // A few deals each: nobody has the 10 a place on the table takes yet.
    expect(embed?.description).toContain('Nobody has played 10 deals this season yet.');
    expect(embed?.description).toContain('Not ranked yet (under 10 deals): 3');
    expect(embed?.footer?.text).toMatch(/Deals with computer players count for stats and the ledger, not here/);
    expect(embed?.fields?.[0]).toMatchObject({ name: 'Past champions', value: 'None yet.' });
  });

  it('lets only who runs the server choose the seasons’ length', async () => {
    // The client never offers bob a command behind Manage Server...
    expect(() => world.command('bob', 'guts-seasons', { options: { length: 'week' } })).toThrow(InvocationError);
    // ...and the bot refuses a request crafted past it.
    const forged = await privately(world.reply('bob', 'guts-seasons', { options: { length: 'week' }, crafted: true }));
    expect(forged.content).toBe('Only someone with Manage Server can do that.');
    const chosen = await privately(world.reply('owner', 'guts-seasons', { options: { length: 'week' } }));
    expect(chosen.content).toMatch(/^Seasons last a week from season 2, which starts <t:\d+:D>\.$/);
    const again = await privately(world.reply('owner', 'guts-seasons', { options: { length: 'week' } }));
    expect(again.content).toBe('Seasons already last a week.');
    // The season under way runs to its end.
    expect((await world.reply('cat', 'guts', { subcommand: 'season' })).embeds[0]?.title).toBe('Season 1');
  });

  it('a cross-server board with nobody on it until someone opts in, and nobody under 10 deals', async () => {
    const global = { subcommand: 'leaderboard', options: { scope: 'global' } };
    const empty = await world.reply('bob', 'guts', global);
    expect(empty.embeds[0]?.title).toBe('Guts leaderboard: every server');
    expect(empty.embeds[0]?.description).toBe(
      'Nobody has chosen to appear on the cross-server board yet (/guts profile public:True).',
    );
    const optedIn = await privately(world.reply('ann', 'guts', { subcommand: 'profile', options: { public: true } }));
    expect(optedIn.content).toMatch(/^You appear on the cross-server board from now on/);
    // ann played a few deals only: she appears from 10, as on a server's own table.
    const under = await world.reply('bob', 'guts', global);
    expect(under.embeds[0]?.description).toBe('Nobody has played 10 deals this season yet.');
    expect(JSON.stringify(under.embeds)).not.toContain('game night');
    await privately(world.reply('ann', 'guts', { subcommand: 'profile', options: { public: false } }));
    const gone = await world.reply('bob', 'guts', global);
    expect(gone.embeds[0]?.description).toMatch(/^Nobody has chosen/);
  });

  it('never shows a player who left by a raw id', async () => {
    const cat = world.user('cat');
    world.discord.removeMember(world.guild, cat);
    // A name the ledger never kept (a row from before it kept names).
    await world.database.db
      .updateTable('ledger_accounts')
      .set({ display_name: null })
      .where('owner', '=', cat.id)
      .execute();
    const board = await world.reply('ann', 'guts', { subcommand: 'leaderboard', options: { period: 'all' } });
    const text = board.embeds[0]?.description ?? '';
    expect(text).toContain('**a player who left**');
    expect(text).not.toContain(cat.id);
  });

  it('back-fills from the hand history what is missing, and nothing the second time', async () => {
    const held = await world.database.db
      .selectFrom('achievements')
      .selectAll()
      .orderBy('user_id')
      .orderBy('achievement')
      .execute();
    expect(held.length).toBeGreaterThan(3);
    await world.database.db.deleteFrom('achievements').where('user_id', '=', world.user('bob').id).execute();
    const bobs = held.filter((a) => a.user_id === world.user('bob').id).length;
    const first = backfill(world);
    expect(first.stderr).toBe('');
    expect(first.stdout).toMatch(new RegExp(`: ${bobs} awarded, ${held.length - bobs} already held`));
    const second = backfill(world);
    expect(second.stdout).toMatch(new RegExp(`: 0 awarded, ${held.length} already held`));
    const after = await world.database.db
      .selectFrom('achievements')
      .selectAll()
      .orderBy('user_id')
      .orderBy('achievement')
      .execute();
    expect(after).toEqual(held);
  });
});
