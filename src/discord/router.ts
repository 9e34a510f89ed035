import type { Interaction } from 'discord.js';
import type { Logger } from '../log.ts';
import type { SlashCommand } from './command-registry.ts';
import type { BotContext } from './context.ts';
import { parseButtonId } from './custom-id.ts';
import { answerError, UserFacingError } from './errors.ts';

/**
 * Every interaction enters here. Each gets a child logger with its guild, channel and
 * interaction ids, and goes through the one error boundary: whatever goes wrong, the
 * presser gets a short private answer and the process carries on.
 */
export function createRouter(ctx: BotContext, commands: Map<string, SlashCommand>) {
  return async function route(interaction: Interaction): Promise<void> {
    let log: Logger = ctx.log.child({
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      interactionId: interaction.id,
      userId: interaction.user.id,
    });
    log.debug({ type: interaction.type }, 'interaction received');
    try {
      if (interaction.isAutocomplete()) {
        await commands.get(interaction.commandName)?.autocomplete?.(interaction, { ...ctx, log });
        return;
      }
      if (!interaction.inGuild())
        throw new UserFacingError('Guts is played in a server channel, not in direct messages.');
      await ctx.tables.ready; // tables left open by the last run are back first
      if (interaction.isChatInputCommand()) {
        const command = commands.get(interaction.commandName);
        if (!command) throw new UserFacingError("I don't know that command. It may have been removed.");
        await command.execute(interaction, { ...ctx, log });
        return;
      }
      if (interaction.isButton() || interaction.isStringSelectMenu()) {
        const id = parseButtonId(interaction.customId);
        if (!id) throw new UserFacingError("That button isn't one of mine, or it is too old.");
        log = log.child({ tableId: id.tableId });
        log.debug({ action: id.action }, 'press');
        await ctx.tables.press(interaction, id);
      }
    } catch (err) {
      await answerError(interaction, err, log);
    }
  };
}
