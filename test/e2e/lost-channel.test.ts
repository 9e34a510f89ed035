import { AdjustableClock, titleOf } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { findTable } from '../../src/db/table-store.ts';
import type { GameState } from '../../src/engine/index.ts';
import { test, type Worlds } from './fixture.ts';
import type { World } from './world.ts';

/**
 * The bot in a channel it cannot (or can no longer) post in, or that is deleted: it
 * says so privately, stops calling Discord there, and stops the game (the pot stays).
 */
describe('a channel the bot cannot use', () => {
  // The tests that change only their own channel share one world, each in a fresh channel (a
  // table of its own); those that change the whole server or its clock start their own.
  let shared: World | undefined;
  async function freshChannel(worlds: Worlds): Promise<World> {
    shared ??= await worlds.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    shared.freshChannel();
    return shared;
  }

  async function seated(
    start: () => Promise<World>,
  ): Promise<{ world: World; lobby: Awaited<ReturnType<World['reply']>> }> {
    const world = await start();
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('cat', lobby, 'Join').response();
    return { world, lobby };
  }

  test('refuses /guts start privately, naming each permission it lacks there', async ({ worlds }) => {
    const world = await freshChannel(worlds);
    world.discord.setPermissions(world.channel, world.discord.bot.user, { deny: ['EmbedLinks', 'AttachFiles'] });
    const answer = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    expect(answer.flags ?? 0).toBe(64);
    expect(answer.content).toMatch(/missing \*\*Embed Links\*\* .*\*\*Attach Files\*\*/);
    expect(answer.content).not.toMatch(/Send Messages/);
    expect((await world.tableRecord()).running).toBe(false);
    // Given back (an @everyone overwrite does not take away what the bot's own allows):
    world.discord.setPermissions(world.channel, world.discord.bot.user, { allow: ['EmbedLinks', 'AttachFiles'] });
    world.discord.setPermissions(world.channel, 'everyone', { deny: ['AttachFiles'] });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    expect(lobby.embeds[0]?.title).toMatch(/Three-card/);
  });

  test('pauses the game when a permission is taken away mid-deal, tells the players, stops calling, and carries on after /guts table', async ({
    worlds,
  }) => {
    const { world, lobby } = await seated(() => freshChannel(worlds));
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    world.discord.setPermissions(world.channel, world.discord.bot.user, { deny: ['SendMessages', 'EmbedLinks'] });
    const before = world.discord.invalidRequests();
    // Discord says what the bot may do here (CHANNEL_UPDATE, and the press's app_permissions): paused before any call is refused.
    expect((await world.press('ann', table, 'Stay').response()).content).toMatch(/This game is paused/);
    const told = await world.waitFor((m) => /can't post in this channel any more/.test(m.content ?? ''), 'bob');
    expect(told.flags ?? 0).toBe(64);
    expect(told.content).toMatch(/paused/);
    const paused = await world.state();
    const refused = await world.press('bob', table, 'Stay').response();
    expect(refused.content).toMatch(/This game is paused/);
    expect(await world.state()).toEqual(paused);
    await world.bot.idle();
    expect(world.discord.invalidRequests() - before).toBe(0); // no refused call at all
    // Still missing a permission: /guts table says which, and the game stays paused.
    expect((await world.reply('bob', 'guts', { subcommand: 'table' })).content).toMatch(/Embed Links/);
    world.discord.setPermissions(world.channel, world.discord.bot.user, {});
    const again = await world.reply('bob', 'guts', { subcommand: 'table' });
    expect(titleOf(again)).toMatch(/: deal 1$/);
    await world.press('ann', again, 'Stay').response(); // her press while paused was not applied
    await world.press('bob', again, 'Stay').response();
    await world.press('cat', again, 'Drop').response();
    await world.waitForTitle(/deal 1 result$/);
    expect((await world.audit()).problems).toEqual([]);
  });

  const takeAway = {
    "in the channel's settings": (w: World, allowed: boolean) =>
      w.discord.setPermissions(w.channel, w.discord.bot.user, allowed ? {} : { deny: ['SendMessages'] }),
    "in the server's @everyone role": (w: World, allowed: boolean) =>
      w.discord.setServerPermissions(w.guild, allowed ? { allow: ['SendMessages'] } : { deny: ['SendMessages'] }),
  };
  test.for(Object.entries(takeAway))(
    'pauses the game when a permission is taken away %s between deals, before the next deal starts by itself',
    async ([_where, setSendMessages], { startWorld }) => {
      // Nobody presses between deals, so no app_permissions arrive: the gateway's
      // CHANNEL_UPDATE or GUILD_ROLE_UPDATE is all the bot hears. Its interaction tokens
      // would still post the next deal (Discord lets them through), which is what the
      // admin wanted stopped.
      // The next deal waits 10 minutes of a clock the test moves: the permission is taken
      // away before it could start, however slow the machine.
      const world = await startWorld({
        players: ['ann', 'bob', 'cat'],
        clock: new AdjustableClock(),
        pauseMs: 10 * 60_000,
      });
      const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
      for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
      await world.press('ann', lobby, 'Deal').acknowledged();
      const table = await world.waitForTitle(/: deal 1$/);
      for (const name of ['ann', 'bob', 'cat']) await world.press(name, table, 'Stay').response();
      await world.waitForTitle(/deal 1 result$/);
      setSendMessages(world, false);
      const told = await world.waitFor((m) => /can't post in this channel any more/.test(m.content ?? ''), 'cat');
      expect(told.flags ?? 0).toBe(64);
      world.advanceClock(10 * 60_000 + 1_000); // past the next deal's pause
      await world.bot.idle();
      expect(world.latest(/: deal 2$/)).toBeUndefined();
      expect((await world.state()).dealNo).toBe(1);
      // Given back: /guts table carries on, and the next deal comes.
      setSendMessages(world, true);
      await world.reply('bob', 'guts', { subcommand: 'table' });
      // Taken up again, the table starts its pause afresh.
      await world.bot.idle();
      world.advanceClock(10 * 60_000 + 1_000);
      await world.waitForTitle(/: deal 2$/);
      expect(world.discord.invalidRequests()).toBe(0);
      expect((await world.audit()).problems).toEqual([]);
    },
  );

  test('stops the game when its channel is deleted', async ({ worlds }) => {
    const { world } = await seated(() => freshChannel(worlds));
    world.discord.deleteChannel(world.channel);
    const over = await world.until((s) => s.phase === 'over');
    expect(over.players.map((p) => p.name)).toEqual(['ann', 'bob', 'cat']);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('stops the games of a server that removed the bot', async ({ startWorld }) => {
    const { world, lobby } = await seated(() => startWorld({ players: ['ann', 'bob', 'cat'] }));
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.waitForTitle(/: deal 1$/);
    world.discord.removeBot(world.guild);
    await world.until((s) => s.stopRequested || s.phase === 'over');
    expect((await world.audit()).problems).toEqual([]);
  });

  test('plays in a thread, checking Send Messages in Threads there', async ({ worlds }) => {
    const world = await freshChannel(worlds);
    const thread = world.discord.createThread(world.channel, { name: 'poker night' });
    const ann = world.user('ann');
    const start = () =>
      world?.discord.runCommand(ann, thread, 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    world.discord.setPermissions(world.channel, world.discord.bot.user, { deny: ['SendMessagesInThreads'] });
    const refused = await start()?.response();
    expect(refused?.content).toMatch(/missing \*\*Send Messages in Threads\*\*/);
    world.discord.setPermissions(world.channel, world.discord.bot.user, {});
    const lobby = await start()?.response();
    if (!lobby) throw new Error('no lobby');
    await world.discord.pressButton(world.user('bob'), lobby, 'Join').response();
    await world.discord.pressButton(ann, lobby, 'Deal').acknowledged();
    const table = await world.discord.waitForMessage(thread, (m) => /: deal 1$/.test(titleOf(m)));
    expect(table.channel_id).toBe(thread.id);
    // Archived (not locked): the bot's next post unarchives it and the game goes on.
    world.discord.archiveThread(thread);
    await world.discord.pressButton(ann, table, 'Stay').response();
    await world.discord.pressButton(world.user('bob'), table, 'Stay').response();
    await world.discord.waitForMessage(thread, (m) => /deal 1 result$/.test(m.embeds?.[0]?.title ?? ''));
    const record = await findTable(world.database.db, world.guild.id, thread.id);
    expect(record?.running || (record?.state as GameState | null)?.phase === 'over').toBe(true);
  });

  test('stops the game when its thread is locked or deleted', async ({ worlds }) => {
    const world = await freshChannel(worlds);
    const thread = world.discord.createThread(world.channel, { name: 'poker night' });
    const ann = world.user('ann');
    const lobby = await world.discord
      .runCommand(ann, thread, 'guts', { subcommand: 'start', options: { variant: 'three-card' } })
      .response();
    await world.discord.pressButton(world.user('bob'), lobby, 'Join').response();
    await world.discord.pressButton(ann, lobby, 'Deal').acknowledged();
    const table = await world.discord.waitForMessage(thread, (m) => /: deal 1$/.test(titleOf(m)));
    world.discord.archiveThread(thread, { locked: true });
    await world.discord.pressButton(ann, table, 'Stay').response(); // its table edit: 50083
    const stopping = async () => {
      const state = (await findTable(world?.database.db as never, world?.guild.id ?? '', thread.id))?.state;
      return (state as GameState | null)?.stopRequested;
    };
    await expect.poll(stopping, { timeout: 10_000 }).toBe(true);
    world.discord.deleteChannel(thread);
    expect((await world.audit()).problems).toEqual([]);
  });
});
