import { type ChatInputCommandInteraction, EmbedBuilder, MessageFlags, SlashCommandBuilder } from 'discord.js';
import { cardEmojis } from '../src/discord/card-emojis.ts';
import { commandDefinition } from '../src/discord/command-registry.ts';
import { named } from '../src/discord/command-text.ts';
import type { BotContext } from '../src/discord/context.ts';
import { CONTEXTS, INTEGRATION_TYPES, inGroupDm } from '../src/discord/install.ts';
import { placeOf, publicLocale } from '../src/discord/interaction-place.ts';
import { managesPlace } from '../src/discord/rights.ts';
import { bold, chips, clip, seatName, signed } from '../src/discord/views/format.ts';
import { historyLine, settleLines } from '../src/discord/views/ledger.ts';
import { standingsChart, standingsEmbed, standingsFile } from '../src/discord/views/standings.ts';
import { t } from '../src/i18n/index.ts';
import {
  adjust,
  channelPotReserve,
  channelPots,
  GameRunningError,
  playerBalances,
  playerHistory,
  reset,
  settle,
} from '../src/ledger/index.ts';
import { renderStandingsChart } from '../src/render/chart.ts';
import { UserFacingError } from '../src/table/user-facing-error.ts';

/** `/ledger`: balances, history, settle-up, and the admin entries adjust and reset. */

export const data = commandDefinition('ledger', () =>
  named(new SlashCommandBuilder(), 'ledger')
    .setContexts(...CONTEXTS)
    .setIntegrationTypes(...INTEGRATION_TYPES)
    .addSubcommand((sub) => named(sub, 'ledger show').addUserOption((o) => named(o, 'ledger show user')))
    .addSubcommand((sub) =>
      named(sub, 'ledger history')
        .addUserOption((o) => named(o, 'ledger history user'))
        .addIntegerOption((o) => named(o, 'ledger history page').setMinValue(1).setMaxValue(200)),
    )
    .addSubcommand((sub) => named(sub, 'ledger settle'))
    .addSubcommand((sub) =>
      named(sub, 'ledger adjust')
        .addUserOption((o) => named(o, 'ledger adjust from').setRequired(true))
        .addUserOption((o) => named(o, 'ledger adjust to').setRequired(true))
        .addIntegerOption((o) =>
          named(o, 'ledger adjust amount').setRequired(true).setMinValue(1).setMaxValue(1_000_000_000),
        )
        .addStringOption((o) => named(o, 'ledger adjust note').setMaxLength(200)),
    )
    .addSubcommand((sub) =>
      named(sub, 'ledger reset').addBooleanOption((o) => named(o, 'ledger reset confirm').setRequired(true)),
    ),
);

const PAGE = 15;
const LEDGER_COLOUR = 0x4b5bd6;

function requireManager(interaction: ChatInputCommandInteraction, ctx: BotContext): void {
  if (managesPlace(interaction, ctx.groupDms)) return;
  throw new UserFacingError(inGroupDm(interaction) ? 'refusal.groupOwnerOnly' : 'refusal.managerOnly');
}

async function nameOf(
  interaction: ChatInputCommandInteraction,
  userId: string,
  stored: string | null,
  locale: string,
): Promise<string> {
  if (stored) return seatName(userId, stored, locale);
  return interaction.guild?.members.cache.get(userId)?.displayName ?? t(locale, 'ledger.user', { id: userId });
}

/** A public answer's language: the channel's table's, where it has one, else the server's. */
async function publicLanguage(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<string> {
  return (await ctx.tables.languageIn(placeOf(interaction))) ?? publicLocale(interaction);
}

async function show(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  const locale = await publicLanguage(interaction, ctx);
  const user = interaction.options.getUser('user');
  const balances = await playerBalances(ctx.db, guildId);
  const here = await channelPotReserve(ctx.db, guildId, interaction.channelId);
  const rows = user ? balances.filter((b) => b.userId === user.id) : balances.filter((b) => b.balance !== 0);
  const lines = await Promise.all(
    rows
      .slice(0, 40)
      .map(
        async (b) => `${bold(await nameOf(interaction, b.userId, b.displayName, locale))} ${signed(b.balance, locale)}`,
      ),
  );
  if (user && lines.length === 0) lines.push(`${bold(user.displayName)} 0`);
  const pots = (await channelPots(ctx.db, guildId)).filter((p) => p.pot || p.reserve);
  const potReserve = (p: { pot: number; reserve: number }) => ({
    pot: chips(p.pot, locale),
    reserve: chips(p.reserve, locale),
  });
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle(user ? t(locale, 'ledger.titleUser', { name: user.displayName }) : t(locale, 'ledger.title'))
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : t(locale, 'ledger.nobody'))
    .addFields(
      { name: t(locale, 'ledger.thisChannel'), value: t(locale, 'ledger.potReserve', potReserve(here)) },
      ...(pots.length > 1
        ? [
            {
              name: t(locale, 'ledger.allTables'),
              value: clip(
                pots
                  .map((p) => t(locale, 'ledger.channelPotReserve', { channel: `<#${p.channelId}>`, ...potReserve(p) }))
                  .join('\n'),
                1024,
              ),
            },
          ]
        : []),
    )
    .setFooter({ text: t(locale, 'ledger.footer') });
  // The channel's last game, as its final standings showed it: the chart, or emoji rows.
  const last = user ? null : await ctx.tables.lastStandings(placeOf(interaction));
  const chart = last && !cardEmojis() ? standingsChart(last, locale) : null;
  const picture = chart && renderStandingsChart(chart.lines, chart.words, chart.alt);
  await interaction.editReply({
    embeds: [embed, ...(last ? [standingsEmbed(last, undefined, locale, picture)] : [])],
    files: picture ? [standingsFile(picture)] : [],
  });
}

async function history(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  // A player's own history is answered privately: in their language.
  const locale = interaction.locale;
  const user = interaction.options.getUser('user') ?? interaction.user;
  const page = interaction.options.getInteger('page') ?? 1;
  // One query for any page: the newest page × PAGE entries, of which the last PAGE are this page.
  const upTo = await playerHistory(ctx.db, guildId, user.id, { limit: PAGE * page });
  const items = upTo.items.slice(PAGE * (page - 1));
  if (page > 1 && items.length === 0) throw new UserFacingError('ledger.noPage', { page });
  // A group DM's ledger is its own: every entry is in it, and Discord writes its mention as
  // "#Ann, Ben, Cat", a channel it is not.
  const groupDm = inGroupDm(interaction);
  const lines = items.map((i) => historyLine(groupDm ? { ...i, channelId: null } : i, locale));
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle(t(locale, 'ledger.historyTitle', { name: user.displayName, page }))
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : t(locale, 'ledger.nothingYet'));
  if (upTo.nextBefore !== null) embed.setFooter({ text: t(locale, 'ledger.older', { page: page + 1 }) });
  await interaction.editReply({ embeds: [embed] });
}

async function settleUp(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  const locale = await publicLanguage(interaction, ctx);
  const plan = await settle(ctx.db, guildId);
  const stored = new Map((await playerBalances(ctx.db, guildId)).map((b) => [b.userId, b.displayName]));
  const ids = new Set([...plan.payments.flatMap((p) => [p.from, p.to]), ...plan.shares.keys()]);
  const names = new Map(
    await Promise.all(
      [...ids].map(async (id) => [id, await nameOf(interaction, id, stored.get(id) ?? null, locale)] as const),
    ),
  );
  const lines = settleLines(plan, (id) => names.get(id) ?? id, locale);
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle(t(locale, 'ledger.settleTitle'))
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : t(locale, 'ledger.square'));
  if (plan.inPots > 0) {
    embed.setFooter({ text: t(locale, 'ledger.inPots', { amount: t(locale, 'chips', { count: plan.inPots }) }) });
  }
  await interaction.editReply({ embeds: [embed] });
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  // A server's ledger, or a group DM's own (keyed by its channel).
  const guildId = placeOf(interaction).guildId;
  const subcommand = interaction.options.getSubcommand();
  if (subcommand === 'adjust' || subcommand === 'reset') requireManager(interaction, ctx);
  // Every answer reads or writes the database: acknowledge first (3 seconds is all Discord
  // gives), privately for a player's own history. A refusal after this replaces the
  // placeholder with a private answer (the error boundary).
  await interaction.deferReply(subcommand === 'history' ? { flags: MessageFlags.Ephemeral } : {});
  switch (subcommand) {
    case 'show':
      return show(interaction, ctx, guildId);
    case 'history':
      return history(interaction, ctx, guildId);
    case 'settle':
      return settleUp(interaction, ctx, guildId);
    case 'adjust': {
      const from = interaction.options.getUser('from', true);
      const to = interaction.options.getUser('to', true);
      if (from.id === to.id) throw new UserFacingError('ledger.twoPlayers');
      const amount = interaction.options.getInteger('amount', true);
      const note = interaction.options.getString('note');
      await adjust(ctx.db, { guildId, payer: from.id, payee: to.id, amount, key: interaction.id, memo: note });
      const locale = await publicLanguage(interaction, ctx);
      const paid = { from: bold(from.displayName), to: bold(to.displayName), amount: chips(amount, locale), note };
      await interaction.editReply({ content: t(locale, note ? 'ledger.recordedNote' : 'ledger.recorded', paid) });
      return;
    }
    case 'reset': {
      if (!interaction.options.getBoolean('confirm', true)) throw new UserFacingError('ledger.notReset');
      try {
        await reset(ctx.db, { guildId, key: interaction.id, memo: interaction.user.username });
      } catch (err) {
        if (err instanceof GameRunningError) throw new UserFacingError('ledger.stopFirst');
        throw err;
      }
      await interaction.editReply({ content: t(await publicLanguage(interaction, ctx), 'ledger.reset') });
      return;
    }
    default:
      throw new UserFacingError('ledger.unknown');
  }
}
