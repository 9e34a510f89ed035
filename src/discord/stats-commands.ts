import { AttachmentBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { playerAchievements } from '../db/achievements-store.ts';
import { leaderboard, netSeries, playerStats } from '../db/deal-results-store.ts';
import { t } from '../i18n/index.ts';
import { renderNetChart } from '../render/chart.ts';
import { globalBoard } from '../table/global-board.ts';
import { SEASON_MIN_DEALS } from '../table/seasons.ts';
import { boardName } from './board-names.ts';
import type { BotContext } from './context.ts';
import { inGroupDm } from './install.ts';
import { placeOf, publicLocale } from './interaction-place.ts';
import { achievementsList } from './views/achievements.ts';
import { signed } from './views/format.ts';
import { globalBoardEmbed, leaderboardEmbed, PERIODS, type Period, statsEmbed } from './views/stats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `/guts stats [player]`: a player's deals on this server (or in this group DM), per variant. */
export async function statsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply(); // a database read: acknowledge first
  const user = interaction.options.getUser('player') ?? interaction.user;
  const member =
    interaction.options.getMember('player') ?? (user.id === interaction.user.id ? interaction.member : null);
  const name = (member && 'displayName' in member ? member.displayName : null) ?? user.displayName;
  const rows = await playerStats(ctx.db, place.guildId, user.id);
  const achievements = await playerAchievements(ctx.db, place.guildId, user.id);
  const series = rows.length ? await netSeries(ctx.db, place.guildId, user.id) : [];
  const chart = rows.length ? renderNetChart(series, name) : null;
  const locale = publicLocale(interaction);
  const embed = statsEmbed(name, rows, locale, inGroupDm(interaction) ? 'group-dm' : 'server');
  if (chart) embed.setImage(`attachment://${chart.name}`);
  if (achievements.length) {
    const ids = achievements.map((a) => a.achievement);
    embed.setDescription(`${embed.data.description ?? ''}\n\n${achievementsList(ids, locale)}`);
  }
  const n = (x: number) => signed(x, locale);
  const description = t(locale, 'stats.chart', {
    name,
    first: n(series[0] ?? 0),
    last: n(series.at(-1) ?? 0),
    lowest: n(Math.min(...series)),
    highest: n(Math.max(...series)),
  });
  const files = chart ? [new AttachmentBuilder(chart.png, { name: chart.name, description })] : [];
  await interaction.editReply({ embeds: [embed], files });
}

/** `/guts leaderboard [period]`: this server's players by net chips, then deals won. */
export async function leaderboardCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  if (interaction.options.getString('scope') === 'global') return globalLeaderboardCommand(interaction, ctx);
  const place = placeOf(interaction);
  await interaction.deferReply();
  const period = (interaction.options.getString('period') ?? 'month') as Period;
  const days = PERIODS[period] ?? null;
  const since = days === null ? 0 : Date.now() - days * DAY_MS;
  const locale = publicLocale(interaction);
  // Never a raw id: a name the ledger kept, the server's, or "a player who left".
  const rows = (await leaderboard(ctx.db, place.guildId, since)).map((r) => ({
    ...r,
    name: boardName(interaction, r.userId, r.name, locale),
  }));
  await interaction.editReply({ embeds: [leaderboardEmbed(period, rows, locale)] });
}

/** `/guts leaderboard scope:global`: players of every server who chose to appear, by this season's points; no server named. */
async function globalLeaderboardCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  await interaction.deferReply();
  const locale = publicLocale(interaction);
  const { rows, anyone } = await globalBoard(ctx.db, Date.now(), SEASON_MIN_DEALS);
  const named = rows.map((r) => ({ ...r, name: r.name ?? t(locale, 'board.gone') }));
  const none = anyone ? t(locale, 'season.none', { min: SEASON_MIN_DEALS }) : t(locale, 'leaderboard.globalNone');
  await interaction.editReply({ embeds: [globalBoardEmbed(named, none, locale)] });
}
