import { AttachmentBuilder, type ChatInputCommandInteraction } from 'discord.js';
import { leaderboard, netSeries, playerStats } from '../db/deal-results.ts';
import { renderNetChart } from '../render/chart.ts';
import { placeOf } from './acks.ts';
import type { BotContext } from './context.ts';
import { leaderboardEmbed, PERIODS, type Period, statsEmbed } from './views/stats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `/guts stats [player]`: a player's deals on this server, per variant. */
export async function statsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply(); // a database read: acknowledge first
  const user = interaction.options.getUser('player') ?? interaction.user;
  const member =
    interaction.options.getMember('player') ?? (user.id === interaction.user.id ? interaction.member : null);
  const name = (member && 'displayName' in member ? member.displayName : null) ?? user.displayName;
  const rows = await playerStats(ctx.db, place.guildId, user.id);
  const chart = rows.length ? renderNetChart(await netSeries(ctx.db, place.guildId, user.id), name) : null;
  const embed = statsEmbed(name, rows);
  if (chart) embed.setImage(`attachment://${chart.name}`);
  const files = chart ? [new AttachmentBuilder(chart.png, { name: chart.name, description: chart.alt })] : [];
  await interaction.editReply({ embeds: [embed], files });
}

/** `/guts leaderboard [period]`: this server's players by net chips, then deals won. */
export async function leaderboardCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply();
  const period = (interaction.options.getString('period') ?? 'month') as Period;
  const days = PERIODS[period] ?? null;
  const since = days === null ? 0 : Date.now() - days * DAY_MS;
  const rows = await leaderboard(ctx.db, place.guildId, since);
  await interaction.editReply({ embeds: [leaderboardEmbed(period, rows)] });
}
