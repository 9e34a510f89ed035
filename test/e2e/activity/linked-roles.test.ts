import { AdjustableClock } from '@guts/local-discord';
import { Routes } from 'discord.js';
import { describe, expect } from 'vitest';
import { roleMetadataBody } from '../../../src/discord/linked-roles/metadata.ts';
import { loadAllLanguages } from '../../../src/i18n/index.ts';
import { createLogger } from '../../../src/log.ts';
import { test } from '../fixture.ts';
import { playToEnd } from '../play.ts';
import type { World } from '../world.ts';
import { withActivity } from './sockets.ts';

/** `name` follows the verification URL, approves on Discord's consent screen and comes back linked. */
async function link(world: World, name: string): Promise<void> {
  const base = `http://127.0.0.1:${world.bot.activityPort()}`;
  const consent = (await fetch(`${base}/linked-roles`, { redirect: 'manual' })).headers.get('location') ?? '';
  const linked = await fetch(world.discord.approveOAuth2(world.user(name), consent));
  expect(linked.status).toBe(200);
}

/** A deal ann wins against bob (bob drops), played to the game's end. */
async function annWins(world: World): Promise<void> {
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 5 } });
  await world.press('bob', lobby, 'Join').response();
  await world.press('ann', lobby, 'Deal').acknowledged();
  await playToEnd(world, ({ player }) => (player === 'ann' ? 'stay' : 'drop'));
  await world.bot.idle();
}

/** What the bot keeps of each link: its tokens are secrets the logs must never show. */
const savedTokens = async (world: World) =>
  (await world.database.db.selectFrom('role_links').selectAll().execute()).flatMap((r) =>
    [r.access_token, r.refresh_token].filter((t): t is string => typeof t === 'string' && t.length > 0),
  );

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Linked roles, end to end: the metadata registered as deploy-commands does, a player
 * who follows the verification URL through Discord's consent and back, and their
 * connection written again once a deal they won settles (at most once a minute).
 */
describe('linked roles', () => {
  test('a player links, wins a deal, and their role connection follows', async ({ startWorld }) => {
    const clock = new AdjustableClock();
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], rateLimits: 'none', clock }));
    await loadAllLanguages();
    const app = world.bot.client.application?.id ?? '';
    await world.bot.client.rest.put(Routes.applicationRoleConnectionMetadata(app), { body: roleMetadataBody() });
    expect(world.discord.roleConnectionMetadata().map((m) => (m as { key: string }).key)).toEqual([
      'deals_won',
      'season_points',
      'best_season_rank',
      'achievements',
      'plays_guts',
    ]);
    const base = `http://127.0.0.1:${world.bot.activityPort()}`;
    const start = await fetch(`${base}/linked-roles`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const consent = start.headers.get('location') ?? '';
    expect(new URL(consent).searchParams.get('scope')).toBe('role_connections.write identify');
    // A forged state saves nothing.
    const forged = new URL(world.discord.approveOAuth2(world.user('ann'), consent));
    forged.searchParams.set('state', 'made.up');
    expect((await fetch(forged)).status).toBe(403);
    // A good state with a code Discord never gave: refused at Discord's token URL, nothing saved.
    const madeUp = new URL(world.discord.approveOAuth2(world.user('ann'), consent));
    madeUp.searchParams.set('code', 'made-up');
    expect((await fetch(madeUp)).status).toBe(403);
    expect(await savedTokens(world)).toEqual([]);
    const back = world.discord.approveOAuth2(world.user('ann'), consent);
    const linked = await fetch(back);
    expect(linked.status).toBe(200);
    expect(await linked.text()).toContain('Linked: your guts roles now follow');
    expect(world.discord.roleConnectionOf(world.user('ann'))).toEqual({
      platform_name: 'Guts',
      platform_username: null,
      metadata: { deals_won: '0', season_points: '0', achievements: '0', plays_guts: '1' },
    });
    // ann stays, bob drops: ann takes the pot alone.
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 5 } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await playToEnd(world, ({ player }) => (player === 'ann' ? 'stay' : 'drop'));
    await world.bot.idle();
    // Written at most once a minute: the minute since the link passes, and the round then due writes it.
    world.advanceClock(61_000);
    await expect
      .poll(() => world.discord.roleConnectionOf(world.user('ann'))?.metadata.deals_won, { timeout: 20_000 })
      .toBe('1');
    const metadata = world.discord.roleConnectionOf(world.user('ann'))?.metadata;
    expect(Number(metadata?.achievements)).toBeGreaterThanOrEqual(2); // a first deal, a first win
    // Two people, one winner: a point for the one beaten.
    expect(metadata?.season_points).toBe('1');
    // bob never linked: nothing is written for him.
    expect(world.discord.roleConnectionOf(world.user('bob'))).toBeNull();
  }, 90_000);

  test('a link older than its access token still reaches Discord: the bot refreshes it', async ({ startWorld }) => {
    const clock = new AdjustableClock();
    const logged: string[] = [];
    const log = createLogger({ write: (line: string) => void logged.push(line) }, 'trace');
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], rateLimits: 'none', clock, log }));
    await loadAllLanguages();
    const app = world.bot.client.application?.id ?? '';
    await world.bot.client.rest.put(Routes.applicationRoleConnectionMetadata(app), { body: roleMetadataBody() });
    await link(world, 'ann');
    const linkedWith = await savedTokens(world);
    await annWins(world);
    // A week and a minute later the access token is dead: Discord refuses it.
    world.advanceClock(WEEK_MS + 61_000);
    await expect
      .poll(() => world.discord.roleConnectionOf(world.user('ann'))?.metadata.deals_won, { timeout: 20_000 })
      .toBe('1');
    expect(linkedWith).toHaveLength(2); // the access token and the refresh token
    const refreshedTo = await savedTokens(world);
    expect(refreshedTo).toHaveLength(2);
    for (const token of refreshedTo) expect(linkedWith).not.toContain(token);
    // Tokens are secrets: neither the first pair nor the refreshed one reaches the log.
    const text = logged.join('');
    for (const token of [...linkedWith, ...refreshedTo]) expect(text).not.toContain(token);
  }, 90_000);

  test('a link the player took back on Discord is dropped, and said so in the log', async ({ startWorld }) => {
    const clock = new AdjustableClock();
    const logged: string[] = [];
    const log = createLogger({ write: (line: string) => void logged.push(line) }, 'info');
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], rateLimits: 'none', clock, log }));
    await loadAllLanguages();
    const app = world.bot.client.application?.id ?? '';
    await world.bot.client.rest.put(Routes.applicationRoleConnectionMetadata(app), { body: roleMetadataBody() });
    await link(world, 'ann');
    // ann removes guts from her Authorized Apps, a week passes: neither her token nor its refresh works.
    world.discord.deauthorizeApp(world.user('ann'));
    await annWins(world);
    world.advanceClock(WEEK_MS + 61_000);
    await expect.poll(async () => (await savedTokens(world)).length, { timeout: 20_000 }).toBe(0);
    // Nothing could be written with what she took back: her connection says what it said at the link.
    expect(world.discord.roleConnectionOf(world.user('ann'))?.metadata.deals_won).toBe('0');
    const dropped = logged
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => /link is dropped/.test(String(l.msg)));
    expect(dropped).toMatchObject({ level: 30, userId: world.user('ann').id, reason: 'refresh refused' });
  }, 90_000);

  test("a linked player who stops playing still has a season's end reach their connection", async ({ startWorld }) => {
    const clock = new AdjustableClock();
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], rateLimits: 'none', clock }));
    await loadAllLanguages();
    const app = world.bot.client.application?.id ?? '';
    await world.bot.client.rest.put(Routes.applicationRoleConnectionMetadata(app), { body: roleMetadataBody() });
    await link(world, 'ann');
    await annWins(world);
    world.advanceClock(61_000);
    await expect
      .poll(() => world.discord.roleConnectionOf(world.user('ann'))?.metadata.season_points, { timeout: 20_000 })
      .toBe('1');
    // Forty days on, with no deal: the month's season is over, so are her points in it
    // (and her week-long token, renewed on the way).
    world.advanceClock(40 * 24 * 60 * 60 * 1000);
    await expect
      .poll(() => world.discord.roleConnectionOf(world.user('ann'))?.metadata.season_points, { timeout: 20_000 })
      .toBe('0');
    expect(world.discord.roleConnectionOf(world.user('ann'))?.metadata.deals_won).toBe('1');
  }, 90_000);
});
