import { type ChatInputCommandInteraction, type MessageComponentInteraction, MessageFlags } from 'discord.js';
import { t } from '../i18n/index.ts';
import { gameOf } from '../table/game-record.ts';
import type { GameOpening } from '../table/open-game.ts';
import type { HeldTable, TableLook } from '../table/tables.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import type { BotContext } from './context.ts';
import { memberOf, placeOf, publicLocale } from './interaction-place.ts';
import { checkCanPlayHere, refuseWithoutExternalApps } from './permissions.ts';
import { managesPlace } from './rights.ts';
import type { OpenPlan } from './step-pipeline.ts';
import { lobbyOf } from './table-message.ts';
import { bold, variantName } from './views/format.ts';
import { playAgainRow } from './views/standings.ts';

/**
 * The table commands of `/guts`: start, stop and table. Rules live in the table layer;
 * start and stop are steps, run by the step pipeline (acknowledged first: they take
 * database writes or queue behind presses).
 */

/** What a new table plays: typed in full, or read from a saved preset (a database read: after the ack). */
export type TableSetup = { variantId: string; options: Record<string, unknown> } | (() => Promise<TableSetupFound>);
type TableSetupFound = { variantId: string; options: Record<string, unknown> };

export async function startGame(
  interaction: ChatInputCommandInteraction,
  ctx: BotContext,
  setup: TableSetup,
  look: TableLook,
  /** The host's words for the client seed (docs/FAIRNESS.md). */
  phrase?: string,
): Promise<void> {
  const place = placeOf(interaction);
  refuseWithoutExternalApps(interaction);
  checkCanPlayHere(interaction);
  // A bad option or a running game: refused at once, privately.
  if (typeof setup !== 'function') ctx.tables.checkOpen(place, setup.variantId, setup.options);
  const host = memberOf(interaction);
  const opening = lobbyOpening(interaction, ctx, async () => {
    const { variantId, options } = typeof setup === 'function' ? await setup() : setup;
    ctx.lost.reopen(place.channelId); // the permissions are back (checked above)
    return { place, host, variantId, options, look, key: interaction.id, phrase };
  });
  // A refusal after the acknowledgement replaces the public placeholder with a private answer (error-boundary.ts).
  await ctx.pipeline.command(interaction, opening.commit, opening.answer);
}

/**
 * A game opened as a step and answered with its new lobby (`/guts start`, Play again):
 * what `StepPipeline.command` commits, and how it answers the host who asked.
 */
export function lobbyOpening(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  opening: () => Promise<GameOpening>,
): Pick<OpenPlan, 'commit' | 'answer'> {
  return {
    commit: async () => {
      const { table, result } = await ctx.tables.openGame(await opening());
      return { table, step: result };
    },
    answer: ({ table }) => postLobby(interaction, ctx, table, interaction.user.id),
  };
}

/** A new game's lobby, posted as the answer of what opened it. */
async function postLobby(
  interaction: ChatInputCommandInteraction | MessageComponentInteraction,
  ctx: BotContext,
  table: HeldTable,
  hostId: string,
): Promise<void> {
  const lobby = await interaction.editReply(lobbyOf(table, ctx.openTable));
  const tableId = table.record.id;
  await ctx.publisher.lobbyPosted(tableId, lobby.id, ctx.tokens.remember(tableId, hostId, interaction));
}

/**
 * `/guts start` without a variant: the host of the game that ended here lately is
 * offered it again (Play again, privately), anyone else is asked to pick a variant.
 */
export async function offerLastGame(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const ended = await ctx.tables.recentlyEnded(placeOf(interaction), interaction.user.id);
  if (!ended) throw new UserFacingError('refusal.pickVariant');
  const { locale } = interaction;
  await interaction.reply({
    content: t(locale, 'refusal.offerAgain', { variant: variantName(ended.variantId, locale) }),
    components: [playAgainRow(ended, locale)],
    flags: MessageFlags.Ephemeral,
  });
}

export async function stopGame(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  const admin = managesPlace(interaction, ctx.groupDms);
  await ctx.pipeline.command(
    interaction,
    async () => ({ step: await ctx.tables.stopGame(place, { id: interaction.user.id, admin }, interaction.id) }),
    async ({ step }) => {
      const key = step?.after.phase === 'over' ? 'stop.stopped' : 'stop.stopping';
      const content = t(publicLocale(interaction), key, { name: bold(interaction.user.displayName) });
      await interaction.editReply({ content });
    },
  );
}

/** `/guts table`: the live table message again, at the bottom of the channel. */
export async function repostTable(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  const place = placeOf(interaction);
  checkCanPlayHere(interaction);
  await interaction.deferReply(); // the board picture takes a moment
  const rt = await ctx.tables.running(place);
  if (ctx.tables.isPaused(rt.record.id)) {
    // The permissions are back (checked above): the channel may be called again.
    ctx.lost.reopen(place.channelId);
    await ctx.commits.unanswered(async () => ({ step: await ctx.tables.resume(rt.record.id) }));
  }
  const tableId = rt.record.id;
  // Only once the reply is posted: private cards may follow up on this interaction.
  const handle = () => ctx.tokens.remember(tableId, interaction.user.id, interaction);
  if (gameOf(rt.record).phase === 'lobby') {
    const lobby = await interaction.editReply(lobbyOf(rt, ctx.openTable));
    await ctx.publisher.lobbyPosted(tableId, lobby.id, handle());
  } else {
    const posted = await ctx.publisher.repostTableMessage(rt, (view) => interaction.editReply(view));
    ctx.publisher.postedBy(posted, handle());
  }
}
