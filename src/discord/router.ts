import {
  type Interaction,
  InteractionContextType,
  type MessageComponentInteraction,
  MessageFlags,
  type ModalSubmitInteraction,
} from 'discord.js';
import { ensureLanguages, t } from '../i18n/index.ts';
import { childOnUse, type Logger } from '../log.ts';
import { UserFacingError } from '../table/user-facing-error.ts';
import type { SlashCommand } from './command-registry.ts';
import type { BotContext } from './context.ts';
import { answerError } from './error-boundary.ts';
import type { Claimed, RoutedHandler } from './handlers/types.ts';
import type { InteractionKind } from './metrics.ts';
import { missingHere } from './permissions.ts';
import type { ComponentPlan, FormPlan } from './step-pipeline.ts';

/**
 * Discord wants an answer within 3 seconds of an interaction's creation. One that reaches
 * the bot later than this (replayed after a gateway RESUME, or held up on the way) is
 * answered at once and not acted on: the player may have pressed again meanwhile, and any
 * work first would miss the deadline anyway.
 */
export const LATE_AFTER_MS = 2_500;
/** The catalogue's key for a press that came too late. */
export const TOO_LATE = 'refusal.tooLate';

/**
 * Every interaction enters here. Each gets a child logger with its guild, channel and
 * interaction ids (made when it first logs), and goes through the one error boundary:
 * whatever goes wrong, the presser gets a short private answer and the process carries on.
 */
export function createRouter(
  ctx: BotContext,
  commands: Map<string, SlashCommand>,
  handlers: readonly RoutedHandler<MessageComponentInteraction, ComponentPlan>[],
  modals: readonly RoutedHandler<ModalSubmitInteraction, FormPlan>[],
  now: () => number = Date.now,
) {
  return async function route(interaction: Interaction): Promise<void> {
    const who = {
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      interactionId: interaction.id,
      userId: interaction.user.id,
    };
    let log: Logger = childOnUse(ctx.log, who);
    log.debug({ type: interaction.type }, 'interaction received');
    const kind = kindOf(interaction);
    try {
      // The presser's and the server's languages, before anything speaks (t() is synchronous).
      await ensureLanguages(interaction.locale, interaction.guildLocale);
      if (interaction.isAutocomplete()) {
        await commands.get(interaction.commandName)?.autocomplete?.(interaction, { ...ctx, log });
        ctx.metrics.interaction(kind, 'ok');
        return;
      }
      if (interaction.context === InteractionContextType.BotDM || !interaction.channelId)
        throw new UserFacingError('refusal.noDirectMessages');
      if (now() - interaction.createdTimestamp > LATE_AFTER_MS) {
        log.info({ ageMs: now() - interaction.createdTimestamp }, 'interaction arrived too late to act on');
        throw new UserFacingError(TOO_LATE);
      }
      await ctx.tables.ready; // tables left open by the last run are back first
      if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        if (!command) throw new UserFacingError('refusal.unknownCommand');
        await command.execute(interaction, { ...ctx, log });
        ctx.metrics.interaction(kind, 'ok');
        return;
      }
      if (interaction.isModalSubmit()) {
        for (const handler of modals) {
          const claimed = handler.claim(interaction);
          if (claimed === null) continue;
          log = childOnUse(ctx.log, { ...who, handler: handler.name, ...tableOf(claimed) });
          const plan = await claimed.run({ ...ctx, log });
          if (plan) await ctx.pipeline.form(interaction, plan, log);
          ctx.metrics.interaction(kind, 'ok');
          return;
        }
        throw new UserFacingError('refusal.unknownForm');
      }
      if (interaction.isMessageComponent()) {
        for (const handler of handlers) {
          const claimed = handler.claim(interaction);
          if (claimed === null) continue;
          log = childOnUse(ctx.log, { ...who, handler: handler.name, ...tableOf(claimed) });
          log.debug('press');
          const waiting = claimed.tableId === null ? null : Number(claimed.tableId);
          if (waiting !== null && ctx.publisher.waiting(waiting)) await wakeWaitingTable(interaction, waiting, ctx);
          else {
            if (waiting !== null) noticeLostPermissions(interaction, waiting, ctx);
            const plan = await claimed.run({ ...ctx, log });
            if (plan) await ctx.pipeline.run(interaction, plan, log);
          }
          ctx.metrics.interaction(kind, 'ok');
          return;
        }
        throw new UserFacingError('refusal.unknownButton');
      }
    } catch (err) {
      ctx.metrics.interaction(kind, await answerError(interaction, err, log));
    }
  };
}

/**
 * Any press of a table that waits for one (no token could carry its news, see
 * `TablePublisher.wake`): its token carries what waited, and the game goes on. The
 * press does nothing else: the players see where the game is before they act.
 */
async function wakeWaitingTable(
  interaction: MessageComponentInteraction,
  tableId: number,
  ctx: BotContext,
): Promise<void> {
  await interaction.reply({ content: t(interaction.locale, 'answer.carryOn'), flags: MessageFlags.Ephemeral });
  ctx.tokens.remember(tableId, interaction.user.id, interaction);
  await ctx.publisher.wake(tableId);
}

/**
 * Every press of a table's buttons carries the bot's permissions in its channel
 * (`app_permissions`), noticed here so no handler has to write anything. The
 * table's messages ride interaction tokens, which Discord lets through without them,
 * but a server admin who took a permission away wants the bot to stop posting there:
 * the table is paused as if a channel call had been refused, without making one.
 */
function noticeLostPermissions(interaction: MessageComponentInteraction, tableId: number, ctx: BotContext): void {
  const { channelId } = interaction;
  const place = ctx.tables.placeOf(tableId);
  if (place?.channelId !== channelId || !place.running) return;
  const missing = missingHere(interaction);
  if (missing.length) ctx.lost.markLost(tableId, channelId, 'no-permission');
}

function kindOf(interaction: Interaction): InteractionKind {
  if (interaction.isAutocomplete()) return 'autocomplete';
  if (interaction.isModalSubmit()) return 'modal';
  if (interaction.isMessageComponent()) return 'component';
  return 'command';
}

/** The table a claimed press points at, for its log lines. */
function tableOf({ tableId }: Claimed<unknown>): { tableId?: string } {
  return tableId === null ? {} : { tableId };
}
