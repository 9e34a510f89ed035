import { EmbedBuilder } from 'discord.js';
import type { LeaderboardRow, VariantStats } from '../../db/deal-results.ts';
import { getVariant } from '../../rules/index.ts';
import { bold, chips, clipLines, signed } from './format.ts';

/** `/guts stats` and `/guts leaderboard`, from the deal results (db/deal-results.ts). */

export const STATS_COLOUR = 0x5865f2;

const variantName = (id: string) => {
  try {
    return getVariant(id).name;
  } catch {
    return id; // a variant retired since
  }
};

export function statsEmbed(name: string, rows: readonly VariantStats[]): EmbedBuilder {
  const embed = new EmbedBuilder().setColor(STATS_COLOUR).setTitle(`Guts stats: ${name}`);
  if (rows.length === 0) return embed.setDescription(`${bold(name)} has no deals yet on this server.`);
  const sum = (pick: (r: VariantStats) => number) => rows.reduce((n, r) => n + pick(r), 0);
  const deals = sum((r) => r.deals);
  const stayed = sum((r) => r.stayed);
  embed.setDescription(
    [
      `Deals played ${deals} · won ${sum((r) => r.won)} · stayed ${stayed} · dropped ${deals - stayed}`,
      `Net ${signed(sum((r) => r.net))} · biggest pot won ${chips(Math.max(...rows.map((r) => r.biggestPot)))}`,
    ].join('\n'),
  );
  embed.addFields(
    rows.slice(0, 25).map((r) => ({
      name: variantName(r.variant),
      value: [
        `${r.deals} deals · ${r.won} won · net ${signed(r.net)}`,
        `biggest pot ${chips(r.biggestPot)}${r.bestHand ? ` · best hand: ${r.bestHand}` : ''}`,
      ].join('\n'),
      inline: true,
    })),
  );
  return embed;
}

export const PERIODS = { week: 7, month: 30, all: null } as const;
export type Period = keyof typeof PERIODS;

export function leaderboardEmbed(period: Period, rows: readonly LeaderboardRow[]): EmbedBuilder {
  const title = period === 'all' ? 'Guts leaderboard: all time' : `Guts leaderboard: the last ${PERIODS[period]} days`;
  const lines = rows.map(
    (r, i) =>
      `${i + 1}. ${bold(r.name ?? `<@${r.userId}>`)} ${signed(r.net)} (${r.won} won of ${r.deals} deal${r.deals === 1 ? '' : 's'})`,
  );
  return new EmbedBuilder()
    .setColor(STATS_COLOUR)
    .setTitle(title)
    .setDescription(lines.length ? clipLines(lines, 4000) : 'No deals in this period yet.')
    .setFooter({ text: 'By net chips, then deals won.' });
}
