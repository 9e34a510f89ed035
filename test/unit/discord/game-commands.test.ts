import { PermissionFlagsBits } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatNotesByTable } from '../../../src/discord/chat-notes.ts';
import { encodeButtonId } from '../../../src/discord/custom-id.ts';
import { offerLastGame, repostTable, startGame, stopGame } from '../../../src/discord/game-commands.ts';
import { ensureLanguages, t } from '../../../src/i18n/index.ts';
import { PLAY_AGAIN_WINDOW_MS } from '../../../src/table/next-game.ts';
import {
  ANN,
  BOB,
  dealtTable,
  openTable,
  PLACE,
  silentLog,
  type TablesFixture,
  tablesFixture,
} from '../table/tables-fixture.ts';
import { botContext, fakeInteraction, replyIdOf } from './fixture.ts';

/**
 * game-commands.ts: `/guts start`, `stop` and `table`, on hand-made interactions, over
 * the table layer on SQLite in memory and the real step pipeline. The publisher, the
 * reply tokens and the lost channels are fakes that write down what they are asked.
 */

describe('the table commands', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;
  const look = { fourColour: false };

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
  });
  afterEach(async () => {
    await fx.close();
  });

  describe('/guts start', () => {
    it('opens the game, answers with its lobby, and keeps where the lobby is and whose press carries it', async () => {
      const interaction = fakeInteraction({ id: '501' });
      await startGame(interaction as never, bot.ctx, { variantId: 'two-card', options: { ante: 2 } }, look);
      const rt = fx.tables.heldRunningIn(PLACE.channelId);
      expect(rt?.record.state).toMatchObject({ variant: 'two-card', host: ANN.id, phase: 'lobby' });
      expect(interaction.deferReply).toHaveBeenCalledTimes(1);
      const [lobby] = interaction.editReply.mock.calls[0] as [{ embeds: unknown[]; components: unknown[] }];
      expect(JSON.stringify(lobby)).toContain(
        encodeButtonId({ tableId: String(rt?.record.id), dealNo: 0, action: 'join' }),
      );
      const tableId = rt?.record.id ?? 0;
      expect(bot.chat.get(tableId)?.lobby).toBe(replyIdOf('501'));
      expect(bot.publisher.lobbyPosted).toHaveBeenCalledWith(tableId, replyIdOf('501'), {
        handleOf: '501',
        userId: ANN.id,
      });
      // The permissions were checked: a channel lost before is called again.
      expect(bot.lost.reopen).toHaveBeenCalledWith(PLACE.channelId);
      // Published once answered.
      expect(fx.heard.published.map((s) => s.after.phase)).toEqual(['lobby']);
      // Saved: the chat of a process started later finds its lobby.
      const restarted = new ChatNotesByTable({ db: fx.db, tables: fx.anotherProcess(), log: silentLog });
      await restarted.loadRunning();
      expect(restarted.get(tableId)?.lobby).toBe(replyIdOf('501'));
    });

    it('refuses at once, privately, a bad option, a channel it cannot play in, and a server with external apps off', async () => {
      const refusals: unknown[] = [];
      for (const [interaction, options] of [
        [fakeInteraction(), { ante: 0 }],
        [fakeInteraction({ appPermissions: PermissionFlagsBits.ViewChannel }), { ante: 1 }],
        [fakeInteraction({ userInstallOnly: true, memberPermissions: 0n }), { ante: 1 }],
      ] as const) {
        await startGame(interaction as never, bot.ctx, { variantId: 'three-card', options }, look).catch((err) =>
          refusals.push(err),
        );
        expect(interaction.deferReply).not.toHaveBeenCalled();
      }
      expect(refusals).toMatchObject([
        { message: expect.stringMatching(/ante/) },
        { key: 'refusal.missingPermissions' },
        { key: 'refusal.externalAppsOff' },
      ]);
      expect(fx.tables.heldRunningIn(PLACE.channelId)).toBeUndefined();
    });

    it('reads a preset only once acknowledged, and opens what it holds', async () => {
      const interaction = fakeInteraction();
      const preset = vi.fn(async () => {
        expect(interaction.deferReply).toHaveBeenCalled();
        return { variantId: 'one-card', options: { ante: 4 } };
      });
      await startGame(interaction as never, bot.ctx, preset, look);
      expect(preset).toHaveBeenCalledTimes(1);
      expect(fx.tables.heldRunningIn(PLACE.channelId)?.record.state?.variant).toBe('one-card');
    });
  });

  describe('/guts start without a variant', () => {
    it('offers the game that ended here lately to its host, privately, with Play again', async () => {
      const tableId = await dealtTable(fx);
      await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop'); // ends after this deal
      fx.time.advance(60_000);
      await fx.settled();
      const interaction = fakeInteraction();
      await offerLastGame(interaction as never, bot.ctx);
      const [answer] = interaction.reply.mock.calls[0] as [{ content: string; flags: number }];
      expect(answer.content).toBe(t('en-US', 'refusal.offerAgain', { variant: 'Three-card guts' }));
      expect(answer.flags).toBe(64);
      expect(JSON.stringify(answer)).toContain(
        encodeButtonId({ tableId: String(tableId), dealNo: 1, action: 'again' }),
      );
    });

    it('asks anyone else, and the host once the window has passed, to pick a variant', async () => {
      await expect(offerLastGame(fakeInteraction() as never, bot.ctx)).rejects.toMatchObject({
        key: 'refusal.pickVariant',
      });
      await openTable(fx.tables);
      await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop');
      await expect(offerLastGame(fakeInteraction({ user: BOB }) as never, bot.ctx)).rejects.toMatchObject({
        key: 'refusal.pickVariant',
      });
      fx.time.advance(PLAY_AGAIN_WINDOW_MS + 1);
      await expect(offerLastGame(fakeInteraction() as never, bot.ctx)).rejects.toMatchObject({
        key: 'refusal.pickVariant',
      });
    });
  });

  describe('/guts stop', () => {
    it('stops a lobby at once, and a deal after it, saying which in public', async () => {
      await ensureLanguages('de');
      await openTable(fx.tables);
      // In the server's language, not the asker's.
      const lobby = fakeInteraction({ guildLocale: 'de', locale: 'fr' });
      await stopGame(lobby as never, bot.ctx);
      expect(lobby.editReply).toHaveBeenCalledWith({ content: t('de', 'stop.stopped', { name: '**Ann**' }) });
      expect(t('de', 'stop.stopped')).not.toBe(t('en-US', 'stop.stopped'));
      await dealtTable(fx, { key: 'start-2' });
      const dealing = fakeInteraction({ id: '9002' });
      await stopGame(dealing as never, bot.ctx);
      expect(dealing.editReply).toHaveBeenCalledWith({ content: t('en-US', 'stop.stopping', { name: '**Ann**' }) });
      expect(fx.heard.published).toHaveLength(2);
    });

    it("is the host's, or a server manager's", async () => {
      await openTable(fx.tables);
      await expect(stopGame(fakeInteraction({ user: BOB }) as never, bot.ctx)).rejects.toMatchObject({
        key: 'refusal.stopWho',
      });
      expect(fx.tables.heldRunningIn(PLACE.channelId)).toBeDefined();
      await stopGame(fakeInteraction({ user: BOB, manager: true }) as never, bot.ctx);
      expect(fx.tables.heldRunningIn(PLACE.channelId)).toBeUndefined();
    });
  });

  describe('/guts table', () => {
    it("posts a lobby's message again and keeps where it is now", async () => {
      const { table: runtime } = await openTable(fx.tables);
      const interaction = fakeInteraction({ id: '777', user: BOB });
      await repostTable(interaction as never, bot.ctx);
      expect(JSON.stringify(interaction.editReply.mock.calls[0])).toContain(
        encodeButtonId({ tableId: String(runtime.record.id), dealNo: 0, action: 'join' }),
      );
      expect(bot.chat.get(runtime.record.id)?.lobby).toBe(replyIdOf('777'));
      expect(bot.publisher.repostTableMessage).not.toHaveBeenCalled();
      expect(bot.publisher.lobbyPosted).toHaveBeenCalledWith(runtime.record.id, replyIdOf('777'), {
        handleOf: '777',
        userId: BOB.id,
      });
    });

    it('posts a live table message again through the publisher', async () => {
      const tableId = await dealtTable(fx);
      const interaction = fakeInteraction({ id: '778' });
      await repostTable(interaction as never, bot.ctx);
      expect(bot.publisher.repostTableMessage).toHaveBeenCalledTimes(1);
      expect(interaction.editReply).toHaveBeenCalledWith({ content: 'the table' });
      expect(bot.chat.get(tableId)?.table).toBe(replyIdOf('778'));
      expect(bot.publisher.postedBy).toHaveBeenCalledWith(replyIdOf('778'), { handleOf: '778', userId: ANN.id });
    });

    it('takes a paused table up again: its channel is called again and its countdown starts afresh', async () => {
      const tableId = await dealtTable(fx);
      fx.tables.pause(tableId);
      await repostTable(fakeInteraction() as never, bot.ctx);
      expect(fx.tables.isPaused(tableId)).toBe(false);
      expect(bot.lost.reopen).toHaveBeenCalledWith(PLACE.channelId);
      expect(fx.heard.published).toHaveLength(1);
      expect(fx.heard.published[0]?.record.deadline).toBe(fx.time.clock.now() + 30_000);
    });

    it('answers where no game runs, once acknowledged', async () => {
      const interaction = fakeInteraction();
      await expect(repostTable(interaction as never, bot.ctx)).rejects.toMatchObject({ key: 'refusal.noGame' });
      expect(interaction.deferReply).toHaveBeenCalled();
    });
  });
});
