import { type ChatInputCommandInteraction, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { commandDefinition } from '../src/discord/command-registry.ts';
import { choice, named } from '../src/discord/command-text.ts';
import type { BotContext } from '../src/discord/context.ts';
import { CONTEXTS, INTEGRATION_TYPES } from '../src/discord/install.ts';
import { chooseSeasonsCommand } from '../src/discord/season-commands.ts';
import { SEASON_LENGTHS } from '../src/table/seasons.ts';

/**
 * `/guts-seasons length:`: how long this server's seasons are. Its own command, not a
 * `/guts` subcommand, because Discord's default permissions (Manage Server here) belong
 * to a whole command; the handler checks again.
 */
export const data = commandDefinition('guts-seasons', () =>
  named(new SlashCommandBuilder(), 'guts-seasons')
    .setContexts(...CONTEXTS)
    .setIntegrationTypes(...INTEGRATION_TYPES)
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addStringOption((o) =>
      named(o, 'guts-seasons length')
        .setRequired(true)
        .addChoices(...SEASON_LENGTHS.map((l) => choice(`commands.guts-seasons length.choice_${l}`, l))),
    ),
);

export function execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void> {
  return chooseSeasonsCommand(interaction, ctx);
}
