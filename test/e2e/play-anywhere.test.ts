import { AdjustableClock, interactiveComponents } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { test } from './fixture.ts';
import { channelCalls, expectCardsPrivate, openAndDeal, playToEnd, privately, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/**
 * Guts where the bot was never invited: a group DM, and a server where only the players
 * installed the app. Everything rides interaction tokens: no channel call, no 6th
 * follow-up on one interaction. Each test has a world of its own.
 */
describe('play anywhere: a user-installed app', () => {
  /** Plays Iron Cross from /guts start to the end; the counts start after the bot came up. */
  async function playIronCross(w: World, decide = showdownThenHostAlone('ann')) {
    w.discord.resetRequestCounts();
    const invalidBefore = w.discord.invalidRequests();
    await openAndDeal(w, 'iron-cross');
    const deals = await playToEnd(w, decide);
    await w.bot.idle();
    return { deals, refused: w.discord.invalidRequests() - invalidBefore, calls: channelCalls(w) };
  }

  test('three friends play Iron Cross in a group DM for two deals: cards private, results public, its own ledger', async ({
    startWorld,
  }) => {
    const world = await startWorld({ place: 'group-dm', rateLimits: 'none' });
    const w = world;
    const { deals, refused, calls } = await playIronCross(w);
    expect(deals).toBe(2);
    expect(refused).toBe(0);
    expect(calls).toEqual([]);
    expect(w.discord.followUpLimitHits()).toBe(0);
    expectCardsPrivate(w, ['ann', 'bob', 'cat']);
    // The results are public: everyone sees the final standings.
    const standings = await w.waitForEmbed(/^Game over after/);
    expect(standings.description ?? JSON.stringify(standings.fields)).toMatch(/ann/);
    // The group DM's own ledger: its accounts are keyed by the group DM's channel.
    const ledger = await w.reply('bob', 'ledger', { subcommand: 'show' });
    expect(ledger.embeds[0]?.description).toMatch(/ann/);
    const scopes = await w.database.db.selectFrom('ledger_accounts').select('guild_id').distinct().execute();
    expect(scopes.map((s) => s.guild_id)).toEqual([w.channel.id]);
    expect((await w.audit()).ok).toBe(true);
  });

  test('in a server that never invited the bot, a whole game makes zero channel calls', async ({ startWorld }) => {
    const world = await startWorld({ place: 'user-install-server', rateLimits: 'none' });
    const { refused, calls } = await playIronCross(world);
    expect(refused).toBe(0);
    expect(calls).toEqual([]);
    expect(world.discord.followUpLimitHits()).toBe(0);
    expect(world.bot.client.guilds.cache.has(world.guild.id)).toBe(false);
  });

  test('a long game declared in turn in a group DM never asks one interaction for a 6th follow-up', async ({
    startWorld,
  }) => {
    const world = await startWorld({ place: 'group-dm', rateLimits: 'none' });
    const w = world;
    w.discord.resetRequestCounts();
    const lobby = await w.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 5, options: 'declare=sequential' },
    });
    for (const name of ['bob', 'cat']) await w.press(name, lobby, 'Join').response();
    await w.press('ann', lobby, 'Deal').acknowledged();
    // Everyone stays for five deals (a showdown each), then the host alone.
    const deals = await playToEnd(w, ({ dealNo, player }) => (dealNo <= 5 || player === 'ann' ? 'stay' : 'drop'));
    await w.bot.idle();
    expect(deals).toBeGreaterThanOrEqual(6);
    expect(channelCalls(w)).toEqual([]);
    expect(w.discord.invalidRequests()).toBe(0);
    expect(w.discord.followUpLimitHits()).toBe(0);
  });

  test('where the server turned external apps off, /guts start says what is wrong and starts nothing', async ({
    startWorld,
  }) => {
    const world = await startWorld({ place: 'user-install-server', externalApps: false });
    const answer = await privately(
      world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } }),
    );
    expect(answer.content).toMatch(/turned off external apps/);
    expect(answer.content).toMatch(/admin/);
    expect(answer.content).toMatch(/group DM/);
    const state = await world.state();
    expect(state === null || awaiting(state).kind === 'over').toBe(true);
  });

  test("only a group DM's owner may adjust or reset its ledger", async ({ startWorld }) => {
    const world = await startWorld({ place: 'group-dm', rateLimits: 'none' });
    const adjust = {
      subcommand: 'adjust',
      options: { from: world.user('bob').id, to: world.user('cat').id, amount: 5 },
    };
    const refused = await privately(world.reply('bob', 'ledger', adjust));
    expect(refused.content).toMatch(/Only the group DM's owner/);
    const reset = await privately(world.reply('cat', 'ledger', { subcommand: 'reset', options: { confirm: true } }));
    expect(reset.content).toMatch(/Only the group DM's owner/);
    const done = await world.reply('ann', 'ledger', adjust);
    expect(done.content).toMatch(/Recorded: \*\*bob\*\* paid \*\*cat\*\* 5/);
  });

  // Its own expect: the test's, not the file's.
  test('when no token is left the game waits, and the next press carries what waited and goes on', async ({
    startWorld,
    expect,
  }) => {
    const clock = new AdjustableClock();
    // The next deal waits 10 minutes (of the clock the test moves): it starts only when the
    // test jumps past every token's 15, never while deal 1's output is still going out.
    const w = await startWorld({ place: 'group-dm', clock, pauseMs: 10 * 60_000 });
    const lobby = await w.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    for (const name of ['bob', 'cat']) await w.press(name, lobby, 'Join').response();
    w.discord.resetRequestCounts();
    await w.press('ann', lobby, 'Deal').acknowledged();
    const table1 = await w.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob', 'cat']) await w.press(name, table1, 'Stay').response();
    await w.waitForTitle(/deal 1 result$/);
    // Fifteen minutes pass before deal 2: no token may carry it, and no channel call may.
    await w.bot.idle();
    w.advanceClock(15 * 60 * 1000 + 1_000);
    const { id: tableId } = await w.tableRecord();
    await expect.poll(() => w.bot.publisher.waiting(tableId), { timeout: 15_000 }).toBe(true);
    expect(w.latest(/: deal 2$/)).toBeUndefined();
    // Nobody pressed, so the game waits instead of dealing on unseen.
    expect(w.bot.tables.isPaused(tableId)).toBe(true);
    // Any press of the table's picks it up: the deal shows, on the press's token.
    const tableNow = w.messages().find((m) => m.id === table1.id) ?? table1;
    const button = (interactiveComponents(tableNow) as { custom_id?: string }[]).find((c) =>
      c.custom_id?.startsWith('g:'),
    );
    const carryOn = await privately(w.press('bob', tableNow, button?.custom_id ?? 'no button').response());
    expect(carryOn.content).toMatch(/Carrying on/);
    const table2 = await w.waitForTitle(/: deal 2$/);
    await expect.poll(() => w.bot.tables.isPaused(tableId)).toBe(false);
    for (const name of ['ann', 'bob', 'cat']) await w.press(name, table2, 'Stay').response();
    // Ann and Cat had no token for this deal's cards: their first Stay showed them the
    // cards instead of choosing blind (issue 49, item 1); the Stay they press after counts.
    for (const name of ['ann', 'cat']) await w.press(name, table2, 'Stay').response();
    await w.waitForTitle(/deal 2 result$/);
    await w.bot.idle();
    expect(channelCalls(w)).toEqual([]);
    expect(w.discord.invalidRequests()).toBe(0);
    expect(w.discord.followUpLimitHits()).toBe(0);
  });

  test('resumes a group DM game after a restart, and still calls no channel', async ({ startWorld }) => {
    const world = await startWorld({ place: 'group-dm', rateLimits: 'none', pauseMs: 60_000 });
    const w = world;
    const lobby = await w.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    for (const name of ['bob', 'cat']) await w.press(name, lobby, 'Join').response();
    await w.press('ann', lobby, 'Deal').acknowledged();
    await w.waitForTitle(/: deal 1$/);
    await w.bot.idle();
    await w.crashBot();
    w.discord.resetRequestCounts();
    const invalidBefore = w.discord.invalidRequests();
    await w.startBot();
    const { id: tableId } = await w.tableRecord();
    // Resumed though the bot is in no server here (the table's ledger is the group DM's),
    // its countdown running, and known to ride tokens only: its "I restarted" edit has no
    // token that may make it, so it is left out rather than tried on the channel.
    expect(w.bot.tables.heldTable(tableId)?.record.running).toBe(true);
    expect(w.bot.tokens.answersOnly(tableId)).toBe(true);
    await w.bot.idle();
    expect(channelCalls(w)).toEqual([]);
    expect(w.discord.invalidRequests() - invalidBefore).toBe(0);
  });
});
