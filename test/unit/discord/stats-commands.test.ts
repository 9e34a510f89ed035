import type { AttachmentBuilder, EmbedBuilder } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaderboardCommand, statsCommand } from '../../../src/discord/stats-commands.ts';
import { t } from '../../../src/i18n/index.ts';
import { ANN, BOB, dealtTable, PLACE, type TablesFixture, tablesFixture } from '../table/tables-fixture.ts';
import { botContext, fakeInteraction } from './fixture.ts';

/**
 * stats-commands.ts: `/guts stats` and `/guts leaderboard` on hand-made interactions,
 * over deals played through the table layer (SQLite in memory, a hand-driven clock).
 * The leaderboard's periods count back from `Date.now()`: a fake date.
 */

const DAY = 24 * 60 * 60 * 1000;

describe('the stats commands', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;
  /** When the deals were played, by the table's clock. */
  let firstDealAt: number;

  /** Deal 1: Ann and Bob both stay (one wins, the other matches the pot); ten days later deal 2, the same. */
  const playTwoDeals = async () => {
    const tableId = await dealtTable(fx);
    firstDealAt = fx.time.clock.now();
    const declare = (key: string, playerId: string, choice: 'stay' | 'drop') =>
      fx.tables.act(tableId, key, { type: 'declare', playerId, choice });
    await declare('ann-1', ANN.id, 'stay');
    await declare('bob-1', BOB.id, 'stay');
    fx.time.advance(10 * DAY); // the next deal starts by its countdown
    await fx.settled();
    await declare('ann-2', ANN.id, 'stay');
    await declare('bob-2', BOB.id, 'stay');
  };
  const answerOf = (interaction: ReturnType<typeof fakeInteraction>) =>
    interaction.editReply.mock.calls.at(-1)?.[0] as { embeds: EmbedBuilder[]; files?: AttachmentBuilder[] };

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fx.close();
  });

  describe('/guts stats', () => {
    it("shows the asker's deals under the name they show here, with a chart of their net chips", async () => {
      await playTwoDeals();
      const interaction = fakeInteraction({ nick: 'Annie' });
      await statsCommand(interaction as never, bot.ctx);
      expect(interaction.deferReply).toHaveBeenCalledTimes(1);
      const { embeds, files } = answerOf(interaction);
      expect(embeds[0]?.data.title).toBe(t('en-US', 'stats.title', { name: 'Annie' }));
      expect(embeds[0]?.data.description).toMatch(/^Deals played 2 · won \d · stayed 2 · dropped 0\n/);
      expect(files).toHaveLength(1);
      const chart = files?.[0] as AttachmentBuilder;
      expect(embeds[0]?.data.image?.url).toBe(`attachment://${chart.name}`);
      expect(chart.description).toMatch(/^Net chips over time for Annie: from /);
    });

    it("shows another player's, named as that player, and says when they have none", async () => {
      // Bob's user given without his server member: his own name, not the asker's.
      const interaction = fakeInteraction({ nick: 'Annie', options: { player: { id: BOB.id, displayName: 'Bobby' } } });
      await statsCommand(interaction as never, bot.ctx);
      const { embeds, files } = answerOf(interaction);
      expect(embeds[0]?.data.title).toBe(t('en-US', 'stats.title', { name: 'Bobby' }));
      expect(embeds[0]?.data.description).toBe(t('en-US', 'stats.none', { name: '**Bobby**' }));
      expect(files).toEqual([]);
      // With his member: the name he shows here.
      const member = fakeInteraction({
        options: { player: { id: BOB.id, displayName: 'Bobby' }, 'player.member': { displayName: 'Bob the Brave' } },
      });
      await statsCommand(member as never, bot.ctx);
      expect(answerOf(member).embeds[0]?.data.title).toBe(t('en-US', 'stats.title', { name: 'Bob the Brave' }));
    });

    it("says so in a group DM's own words", async () => {
      const interaction = fakeInteraction({ groupDm: true });
      await statsCommand(interaction as never, bot.ctx);
      expect(answerOf(interaction).embeds[0]?.data.description).toBe(
        t('en-US', 'stats.noneGroupDm', { name: '**Ann**' }),
      );
    });
  });

  describe('/guts leaderboard', () => {
    const board = async (period?: string) => {
      const interaction = fakeInteraction({ options: period ? { period } : {} });
      await leaderboardCommand(interaction as never, bot.ctx);
      const [embed] = answerOf(interaction).embeds;
      return { title: embed?.data.title, rows: embed?.data.description?.split('\n') ?? [] };
    };

    it('ranks the last month by default, the last week or all time when asked', async () => {
      await playTwoDeals();
      vi.useFakeTimers({ toFake: ['Date'] });
      // Twelve days after deal 1: two days after deal 2.
      vi.setSystemTime(firstDealAt + 12 * DAY);
      const month = await board();
      expect(month.title).toBe(t('en-US', 'leaderboard.titleDays', { count: 30 }));
      expect(month.rows).toHaveLength(2);
      const week = await board('week');
      expect(week.title).toBe(t('en-US', 'leaderboard.titleDays', { count: 7 }));
      // Deal 2 alone: its winner first.
      expect(week.rows).toEqual([
        expect.stringMatching(/^1\. \*\*(Ann|Bob)\*\* \+\d+ \(1 won of 1 deal\)$/),
        expect.stringMatching(/^2\. \*\*(Ann|Bob)\*\* −\d+ \(0 won of 1 deal\)$/),
      ]);
      vi.setSystemTime(firstDealAt + 100 * DAY);
      expect((await board()).rows).toEqual([t('en-US', 'leaderboard.none')]);
      const all = await board('all');
      expect(all.title).toBe(t('en-US', 'leaderboard.titleAll'));
      expect(all.rows).toHaveLength(2);
      expect(all.rows.every((r) => / of 2 deals\)$/.test(r))).toBe(true);
    });

    it('ranks only this place', async () => {
      await playTwoDeals();
      const elsewhere = fakeInteraction({ place: { ...PLACE, guildId: '555' }, options: { period: 'all' } });
      await leaderboardCommand(elsewhere as never, bot.ctx);
      expect(answerOf(elsewhere).embeds[0]?.data.description).toBe(t('en-US', 'leaderboard.none'));
    });
  });
});
