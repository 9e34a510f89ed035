import { EventEmitter } from 'node:events';
import { Events, PermissionFlagsBits, PermissionsBitField } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onLostTable, watchDeletes, watchPermissions } from '../../../src/discord/channel-loss.ts';
import type { BotContext } from '../../../src/discord/context.ts';
import { INVITE_PERMISSIONS } from '../../../src/discord/permissions.ts';
import { ensureLanguages, t } from '../../../src/i18n/index.ts';
import { ANN, BOB, dealtTable, openTable, PLACE, type TablesFixture, tablesFixture } from '../table/tables-fixture.ts';
import { botContext } from './fixture.ts';

/**
 * channel-loss.ts: a table whose channel the bot cannot use any more. The table layer
 * on SQLite in memory; Discord's client is an event emitter with a channel cache, and
 * players' ways in are fake reply tokens that write down what they are told.
 */

describe('a table whose channel is lost', () => {
  let fx: TablesFixture;
  let ctx: BotContext;
  let bot: ReturnType<typeof botContext>;
  const warn = vi.fn();
  const error = vi.fn();

  /** A player's latest interaction, in their language. */
  const handle = (locale: string) => ({ locale, followUp: vi.fn(async (_payload: unknown) => ({ id: '1' })) });

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
    warn.mockClear();
    error.mockClear();
    const log = { warn, error };
    ctx = { ...bot.ctx, log: { child: () => log } } as unknown as BotContext;
  });
  afterEach(async () => {
    await fx.close();
  });

  describe('when Discord refuses it', () => {
    it("pauses the game and tells each seated player privately, in their own press's language", async () => {
      await ensureLanguages('de');
      expect(t('de', 'refusal.lostPermission')).not.toBe(t('en-US', 'refusal.lostPermission'));
      const tableId = await dealtTable(fx);
      const ann = handle('de');
      const bob = handle('en-US');
      bot.tokens.fresh.mockImplementation((_tableId, userId) => (userId === ANN.id ? ann : bob));
      await onLostTable(ctx, tableId, 'no-permission');
      expect(fx.tables.isPaused(tableId)).toBe(true);
      expect(ann.followUp).toHaveBeenCalledWith({ content: t('de', 'refusal.lostPermission'), flags: 64 });
      expect(bob.followUp).toHaveBeenCalledWith({ content: t('en-US', 'refusal.lostPermission'), flags: 64 });
      // Nothing else: the game goes on once the permission is back.
      expect(fx.tables.heldTable(tableId)?.record.running).toBe(true);
    });

    it('says posts keep failing when they do, skips a player it cannot reach, and logs one it could not tell', async () => {
      const tableId = await dealtTable(fx);
      const bob = handle('en-US');
      bob.followUp.mockRejectedValueOnce(new Error('Unknown Webhook'));
      bot.tokens.fresh.mockImplementation((_tableId, userId) => (userId === BOB.id ? bob : null));
      await onLostTable(ctx, tableId, 'failing');
      expect(fx.tables.isPaused(tableId)).toBe(true);
      expect(bob.followUp).toHaveBeenCalledWith({ content: t('en-US', 'refusal.postsFailing'), flags: 64 });
      expect(warn).toHaveBeenCalledWith(expect.objectContaining({ playerId: BOB.id }), expect.any(String));
    });
  });

  describe('when it is gone', () => {
    it('stops the game, published as any step, and tells nobody privately', async () => {
      const { table: runtime } = await openTable(fx.tables);
      await onLostTable(ctx, runtime.record.id, 'gone');
      expect(fx.heard.published.map((s) => s.after.phase)).toEqual(['over']);
      expect(fx.tables.isPaused(runtime.record.id)).toBe(false);
      expect(bot.tokens.fresh).not.toHaveBeenCalled();
    });

    it('logs a game it could not stop, rather than throw', async () => {
      const { table: runtime } = await openTable(fx.tables);
      vi.spyOn(fx.tables, 'abandon').mockRejectedValueOnce(new Error('disk I/O error'));
      await onLostTable(ctx, runtime.record.id, 'gone');
      expect(error).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.any(String));
      expect(fx.heard.published).toEqual([]);
    });
  });
});

describe("Discord's word that a channel or server is gone", () => {
  let fx: TablesFixture;
  const client = new EventEmitter();
  const lost = { markLost: vi.fn() };

  beforeEach(async () => {
    fx = await tablesFixture();
    client.removeAllListeners();
    lost.markLost.mockClear();
    watchDeletes(client as never, botContext(fx).ctx, lost as never);
  });
  afterEach(async () => {
    await fx.close();
  });

  it("marks a deleted channel's or thread's table lost, and a channel with none too", async () => {
    const { table: runtime } = await openTable(fx.tables);
    client.emit(Events.ChannelDelete, { id: PLACE.channelId });
    client.emit(Events.ThreadDelete, { id: '999' });
    expect(lost.markLost.mock.calls).toEqual([
      [runtime.record.id, PLACE.channelId, 'gone'],
      [null, '999', 'gone'],
    ]);
  });

  it("marks every running table of a server the bot left, and no other server's", async () => {
    const first = await openTable(fx.tables);
    const second = await openTable(fx.tables, { place: { ...PLACE, channelId: '201' }, key: 'start-2' });
    await openTable(fx.tables, { place: { guildId: '300', channelId: '301' }, key: 'start-3' });
    client.emit(Events.GuildDelete, { id: PLACE.guildId });
    expect(lost.markLost.mock.calls).toEqual([
      [first.table.record.id, PLACE.channelId, 'gone'],
      [second.table.record.id, '201', 'gone'],
    ]);
  });
});

describe('a permission taken away', () => {
  let fx: TablesFixture;
  let tableId: number;
  const client = Object.assign(new EventEmitter(), { channels: { cache: new Map<string, unknown>() } });
  const lost = { markLost: vi.fn() };
  const loaded = new Set<string>();
  let whenLoaded: (guildId: string) => void = () => {};
  const guilds = {
    isLoaded: (guildId: string) => loaded.has(guildId),
    whenLoaded: (fn: (guildId: string) => void) => {
      whenLoaded = fn;
    },
  };
  /** The table's channel in the client's cache, where the bot holds `granted`. */
  const channel = (granted: bigint, o: { me?: boolean } = {}) => {
    client.channels.cache.set(PLACE.channelId, {
      guild: { members: { me: o.me === false ? null : { id: 'bot' } } },
      permissionsFor: () => new PermissionsBitField(granted),
      isThread: () => false,
    });
  };
  const updated = () => client.emit(Events.ChannelUpdate, {}, { isDMBased: () => false, guildId: PLACE.guildId });

  beforeEach(async () => {
    fx = await tablesFixture();
    client.removeAllListeners();
    client.channels.cache.clear();
    lost.markLost.mockClear();
    loaded.clear();
    loaded.add(PLACE.guildId);
    watchPermissions(client as never, botContext(fx).ctx, lost as never, guilds as never);
    tableId = (await openTable(fx.tables)).table.record.id;
  });
  afterEach(async () => {
    await fx.close();
  });

  it("marks the server's tables it can no longer post in, on a channel's or a role's change", () => {
    channel(INVITE_PERMISSIONS);
    updated();
    expect(lost.markLost).not.toHaveBeenCalled();
    channel(INVITE_PERMISSIONS & ~PermissionFlagsBits.SendMessages);
    updated();
    client.emit(Events.GuildRoleUpdate, {}, { guild: { id: PLACE.guildId } });
    expect(lost.markLost.mock.calls).toEqual([
      [tableId, PLACE.channelId, 'no-permission'],
      [tableId, PLACE.channelId, 'no-permission'],
    ]);
  });

  it("waits for a server's roles, and leaves alone a channel or bot member it has not cached", () => {
    channel(0n);
    loaded.clear();
    updated();
    expect(lost.markLost).not.toHaveBeenCalled();
    loaded.add(PLACE.guildId);
    whenLoaded(PLACE.guildId);
    expect(lost.markLost).toHaveBeenCalledTimes(1);
    channel(0n, { me: false });
    updated();
    client.channels.cache.clear();
    updated();
    client.emit(Events.ChannelUpdate, {}, { isDMBased: () => true });
    expect(lost.markLost).toHaveBeenCalledTimes(1);
  });
});
