import { AdjustableClock, titleOf } from '@guts/local-discord';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { buttonId, playToEnd, privately } from './play.ts';
import type { World } from './world.ts';

/**
 * Discord gives a bot 50 requests a second for all its servers, except calls on an
 * interaction token (15 minutes). A deal's public messages ride the tokens of the
 * table's presses; once every token is too old, the bot falls back to channel calls,
 * and players see the same table either way. The local Discord refuses a token older
 * than 15 minutes and an edit of a message the token did not post, so a bot that
 * relied on either would fail here.
 */
describe('public messages on interaction tokens', () => {
  const clock = new AdjustableClock();
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    // The next deal waits 10 minutes (of the clock the test moves): it starts only when the
    // test jumps past every token's 15, never while deal 1's output is still going out.
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], clock, pauseMs: 10 * 60_000 });
  });

  const channelRoutes = () =>
    Object.entries(world.discord.requestCounts().byRoute)
      .filter(([route]) => route.includes('/channels/'))
      .map(([route, { count }]) => [route, count]);

  it('posts and edits a deal through tokens, and through the channel once they have expired', async () => {
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    world.discord.resetRequestCounts();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table1 = await world.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob', 'cat']) await world.press(name, table1, 'Stay').response();
    const result1 = await world.waitForTitle(/deal 1 result$/);
    // Nothing went to the channel: the lobby's last edit went through /guts start's token.
    expect(channelRoutes()).toEqual([]);
    // Every player (and anyone else in the channel) sees the table and the result.
    for (const viewer of ['ann', 'owner']) {
      const seen = world.messages(viewer).map((m) => m.id);
      expect(seen).toEqual(expect.arrayContaining([table1.id, result1.id]));
    }
    expect(result1.attachments.length).toBe(1);

    // Fifteen minutes pass before the next deal: no token may carry it. The jump waits
    // for the bot to finish deal 1's output: a real clock never skips 15 minutes between
    // the bot's check of a token's age and Discord's (the bot keeps a minute's margin).
    await world.bot.idle();
    world.advanceClock(15 * 60 * 1000 + 1_000);
    world.discord.resetRequestCounts();
    const table2 = await world.waitForTitle(/: deal 2$/);
    const closed1 = await world.waitFor((m) => m.id === table1.id && /Deal 1 is over/.test(titleOf(m)));
    expect(closed1.components?.some((c) => JSON.stringify(c).includes('"custom_id":"g:'))).toBe(false);
    const fallback = Object.fromEntries(channelRoutes());
    expect(fallback['POST /channels/:channelId/messages']).toBe(1);
    expect(fallback['PATCH /channels/:channelId/messages/:messageId']).toBeGreaterThanOrEqual(1);
    // It knew the tokens were too old: it never tried one (Discord counts each 401 toward a ban).
    expect(world.discord.invalidRequests()).toBe(0);
    // The presses bring fresh tokens: the result goes out on one of them again. No token
    // carried deal 2's cards, so nobody's Stay on the table counts before they saw them:
    // it shows their cards, Stay and Drop on them, and the Stay pressed there counts.
    world.discord.resetRequestCounts();
    for (const name of ['ann', 'bob', 'cat']) {
      const cards = await privately(world.press(name, table2, 'Stay').response());
      expect(cards.content).toMatch(/\*\*Your cards\*\*/);
      expect((await world.state()).deal?.choices ?? {}).not.toHaveProperty(world.user(name).id);
      await world.press(name, cards, buttonId(cards, 'stay')).response();
    }
    const result2 = await world.waitForTitle(/deal 2 result$/);
    expect(world.messages('owner').some((m) => m.id === result2.id)).toBe(true);
    const routes = Object.fromEntries(channelRoutes());
    expect(routes['POST /channels/:channelId/messages']).toBeUndefined();
    expect((await world.audit()).ok).toBe(true);
  });
});

/**
 * Besides the bot's limits, a channel takes about 30 public webhook messages a minute
 * (follow-ups included), a limit Discord never puts in its headers; past it a follow-up
 * waits 40 s or more. A table dealing every few seconds would stall on it, so after 20 a
 * minute the bot posts through the channel instead. Seventeen quick deals are 34 public
 * messages: without that budget the 31st would be refused, and this test would wait a
 * minute for it.
 */
describe("a quick table and the channel's hidden webhook limit", () => {
  test('plays seventeen deals in a minute without meeting it', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 50 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    await world.press('bob', lobby, 'Join').response();
    world.discord.resetRequestCounts();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const deals = await playToEnd(
      world,
      ({ dealNo, player }) => (dealNo <= 16 || player === 'ann' ? 'stay' : 'drop'),
      20,
    );
    expect(deals).toBe(17);
    // Refused follow-ups, had there been any (each would have stalled the table for the rest of its minute).
    expect(world.discord.sharedRateLimits()).toBe(0);
    // Past its 20 a minute the table posted through the channel.
    const routes = world.discord.requestCounts().byRoute;
    expect(routes['POST /channels/:channelId/messages']?.count).toBeGreaterThan(0);
    expect(world.discord.invalidRequests()).toBe(0);
    expect((await world.audit()).problems).toEqual([]);
  }, 90_000);
});
