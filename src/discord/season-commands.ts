import { type ChatInputCommandInteraction, MessageFlags } from 'discord.js';
import { t } from '../i18n/index.ts';
import { seasonBoard } from '../table/season-board.ts';
import { chooseSeasonLength } from '../table/season-choice.ts';
import { SEASON_LENGTHS, SEASON_MIN_DEALS, type SeasonLength } from '../table/seasons.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import { boardName } from './board-names.ts';
import type { BotContext } from './context.ts';
import { inGroupDm } from './install.ts';
import { placeOf, publicLocale } from './interaction-place.ts';
import { managesPlace } from './rights.ts';
import { seasonEmbed } from './views/season.ts';

/** `/guts season`: this place's current season (points, time left) and the champions of its last seasons. */
export async function seasonCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  await interaction.deferReply(); // database reads: acknowledge first
  const { season, rows, unranked, champions, names } = await seasonBoard(ctx.db, place.guildId, Date.now());
  const locale = publicLocale(interaction);
  const nameOf = (id: string) => boardName(interaction, id, names.get(id), locale);
  const board = {
    season,
    rows: rows.map((r) => ({ ...r, name: nameOf(r.userId) })),
    unranked,
    minDeals: SEASON_MIN_DEALS,
    champions: champions.map((c) => ({
      seasonNo: c.seasonNo,
      name: nameOf(c.champion.userId),
      points: c.champion.points,
    })),
  };
  await interaction.editReply({ embeds: [seasonEmbed(board, locale)] });
}

/**
 * `/guts-seasons length`: how long this place's seasons are, from the next one on. Only
 * for who runs the place (Manage Server, or a group DM's owner): Discord hides the
 * command from others (its default permissions), and this checks again, since a server
 * can give it to anyone.
 */
export async function chooseSeasonsCommand(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  if (!managesPlace(interaction, ctx.groupDms)) {
    throw new UserFacingError(inGroupDm(interaction) ? 'refusal.groupOwnerOnly' : 'refusal.managerOnly');
  }
  const length = lengthOf(interaction.options.getString('length', true));
  const { changed, next } = await chooseSeasonLength(ctx.db, place.guildId, length, Date.now());
  const locale = interaction.locale;
  const lengthName = t(locale, `commands.guts-seasons length.choice_${length}`);
  const text =
    changed && next
      ? t(locale, 'season.chosen', {
          length: lengthName,
          number: next.number,
          start: `<t:${Math.floor(next.start / 1000)}:D>`,
        })
      : t(locale, 'season.unchanged', { length: lengthName });
  await interaction.reply({ content: text, flags: MessageFlags.Ephemeral });
}

/** The length a command chose: one of its choices, or refused (a forged interaction). */
function lengthOf(value: string): SeasonLength {
  const found = SEASON_LENGTHS.find((l) => l === value);
  if (!found) throw new UserFacingError('rule.mustBe', { name: 'length', what: SEASON_LENGTHS.join(', ') });
  return found;
}
