import {
  type ChatInputCommandInteraction,
  EmbedBuilder,
  InteractionContextType,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import { named } from '../src/discord/command-text.ts';
import type { BotContext } from '../src/discord/context.ts';
import { bold, chips, clip, signed } from '../src/discord/views/format.ts';
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
import { UserFacingError } from '../src/table/errors.ts';

/** `/ledger`: balances, history, settle-up, and the admin entries adjust and reset. */

export const data = named(new SlashCommandBuilder(), 'ledger')
  .setContexts(InteractionContextType.Guild)
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
  );

const PAGE = 15;
const LEDGER_COLOUR = 0x4b5bd6;

function requireManager(interaction: ChatInputCommandInteraction): void {
  if (!interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild)) {
    throw new UserFacingError('Only someone with Manage Server can do that.');
  }
}

async function nameOf(
  interaction: ChatInputCommandInteraction,
  userId: string,
  stored: string | null,
): Promise<string> {
  return stored ?? interaction.guild?.members.cache.get(userId)?.displayName ?? `user ${userId}`;
}

async function show(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  const user = interaction.options.getUser('user');
  const balances = await playerBalances(ctx.db, guildId);
  const here = await channelPotReserve(ctx.db, guildId, interaction.channelId);
  const rows = user ? balances.filter((b) => b.userId === user.id) : balances.filter((b) => b.balance !== 0);
  const lines = await Promise.all(
    rows
      .slice(0, 40)
      .map(async (b) => `${bold(await nameOf(interaction, b.userId, b.displayName))} ${signed(b.balance)}`),
  );
  if (user && lines.length === 0) lines.push(`${bold(user.displayName)} 0`);
  const pots = (await channelPots(ctx.db, guildId)).filter((p) => p.pot || p.reserve);
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle(user ? `Ledger: ${user.displayName}` : 'Ledger')
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : 'Nobody has won or lost anything yet.')
    .addFields(
      { name: 'This channel', value: `pot ${chips(here.pot)} · reserve ${chips(here.reserve)}` },
      ...(pots.length > 1
        ? [
            {
              name: 'All tables',
              value: clip(
                pots.map((p) => `<#${p.channelId}> pot ${chips(p.pot)} · reserve ${chips(p.reserve)}`).join('\n'),
                1024,
              ),
            },
          ]
        : []),
    )
    .setFooter({ text: 'Positive: owed to the player. Negative: the player owes. /ledger settle squares it up.' });
  await interaction.editReply({ embeds: [embed] });
}

async function history(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  const user = interaction.options.getUser('user') ?? interaction.user;
  const page = interaction.options.getInteger('page') ?? 1;
  // One query for any page: the newest page × PAGE entries, of which the last PAGE are this page.
  const upTo = await playerHistory(ctx.db, guildId, user.id, { limit: PAGE * page });
  const items = upTo.items.slice(PAGE * (page - 1));
  if (page > 1 && items.length === 0) throw new UserFacingError(`There is no page ${page}.`);
  const result = { items, nextBefore: upTo.nextBefore };
  const lines = result.items.map((i) => {
    const where = i.channelId ? ` in <#${i.channelId}>` : '';
    const memo = i.memo ? `: ${i.memo}` : '';
    return `<t:${Math.floor(i.at / 1000)}:d> ${signed(i.amount)} ${i.reason.replace(/-/g, ' ')}${where}${memo}`;
  });
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle(`History: ${user.displayName}, page ${page}`)
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : 'Nothing yet.');
  if (result.nextBefore !== null) embed.setFooter({ text: `Older entries: /ledger history page:${page + 1}` });
  await interaction.editReply({ embeds: [embed] });
}

async function settleUp(interaction: ChatInputCommandInteraction, ctx: BotContext, guildId: string) {
  const plan = await settle(ctx.db, guildId);
  const names = new Map((await playerBalances(ctx.db, guildId)).map((b) => [b.userId, b.displayName]));
  const lines = await Promise.all(
    plan.payments.map(
      async (p) =>
        `${bold(await nameOf(interaction, p.from, names.get(p.from) ?? null))} pays ${bold(await nameOf(interaction, p.to, names.get(p.to) ?? null))} ${chips(p.amount)}`,
    ),
  );
  const embed = new EmbedBuilder()
    .setColor(LEDGER_COLOUR)
    .setTitle('Settle up')
    .setDescription(lines.length ? clip(lines.join('\n'), 4000) : 'Everyone is square.');
  if (plan.inPots > 0) {
    embed.setFooter({
      text: `${chips(plan.inPots)} chips sit in pots and reserves; they are won back in later games.`,
    });
  }
  await interaction.editReply({ embeds: [embed] });
}

export async function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const guildId = interaction.guildId;
  if (!guildId) throw new UserFacingError('The ledger belongs to a server.');
  const subcommand = interaction.options.getSubcommand();
  if (subcommand === 'adjust' || subcommand === 'reset') requireManager(interaction);
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
      if (from.id === to.id) throw new UserFacingError('Pick two different players.');
      const amount = interaction.options.getInteger('amount', true);
      const note = interaction.options.getString('note');
      await adjust(ctx.db, { guildId, payer: from.id, payee: to.id, amount, key: interaction.id, memo: note });
      await interaction.editReply({
        content: `Recorded: ${bold(from.displayName)} paid ${bold(to.displayName)} ${chips(amount)}${note ? ` (${note})` : ''}.`,
      });
      return;
    }
    case 'reset': {
      if (!interaction.options.getBoolean('confirm', true)) throw new UserFacingError('Nothing was reset.');
      try {
        await reset(ctx.db, { guildId, key: interaction.id, memo: `reset by ${interaction.user.username}` });
      } catch (err) {
        if (err instanceof GameRunningError) throw new UserFacingError('Stop the running games first (`/guts stop`).');
        throw err;
      }
      await interaction.editReply({
        content:
          'The ledger is reset: every balance, pot and reserve is now 0. The old balances are kept in the history.',
      });
      return;
    }
    default:
      throw new UserFacingError('Unknown ledger command.');
  }
}
