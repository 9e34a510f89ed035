import { readdirSync } from 'node:fs';
import {
  ApplicationCommandType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  EntryPointCommandHandlerType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
} from 'discord.js';
import { loadAllLanguages, SOURCE_LOCALE, t, translations } from '../i18n/index.ts';
import { isModuleFile } from '../modules.ts';
import type { BotContext } from './context.ts';
import { CONTEXTS, INTEGRATION_TYPES } from './install.ts';

/** One slash command: one file in `commands/` with its builder and its handler. */
export interface SlashCommand {
  data: { name: string; toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody };
  execute(interaction: ChatInputCommandInteraction, ctx: BotContext): Promise<void>;
  autocomplete?(interaction: AutocompleteInteraction, ctx: BotContext): Promise<void>;
}

/**
 * A command's definition, built each time it is asked for: its names and descriptions in
 * every language are only sent by `guts deploy-commands` (and the local Discord's
 * registrations), so the running bot, which only needs the name to route, does not keep
 * them.
 */
export function commandDefinition(
  name: string,
  build: () => { toJSON(): RESTPostAPIChatInputApplicationCommandsJSONBody },
): SlashCommand['data'] {
  return { name, toJSON: () => build().toJSON() };
}

const commandsDir = new URL('../../commands/', import.meta.url);

export async function loadCommands(): Promise<Map<string, SlashCommand>> {
  const files = readdirSync(commandsDir).filter(isModuleFile).sort();
  const commands = new Map<string, SlashCommand>();
  for (const file of files) {
    const mod = (await import(new URL(file, commandsDir).href)) as SlashCommand;
    commands.set(mod.data.name, mod);
  }
  return commands;
}

/**
 * The app's Entry Point command (type 4, PRIMARY_ENTRY_POINT), which opens the Activity
 * from Discord's App Launcher. Discord handles it (DISCORD_LAUNCH_ACTIVITY): it launches
 * the Activity and says so in the channel, with nothing for the bot to answer. A bulk
 * overwrite replaces every type, so `guts deploy-commands` carries it whenever the bot
 * serves an Activity; it exists only globally (call after `loadAllLanguages`).
 */
export function entryPointCommand(): RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody {
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    handler: EntryPointCommandHandlerType.DiscordLaunchActivity,
    name: t(SOURCE_LOCALE, 'commands.launch.name'),
    name_localizations: translations('commands.launch.name'),
    description: t(SOURCE_LOCALE, 'commands.launch.description'),
    description_localizations: translations('commands.launch.description'),
    integration_types: INTEGRATION_TYPES,
    contexts: CONTEXTS,
  };
}

/** What registering the commands sends Discord: each command in every language (all catalogues loaded first). */
export async function commandBodies(): Promise<RESTPostAPIChatInputApplicationCommandsJSONBody[]> {
  await loadAllLanguages();
  // By name, as Discord's picker lists them: `guts` before `guts-seasons`, whose file sorts first.
  return [...(await loadCommands()).values()].map((c) => c.data.toJSON()).sort((a, b) => (a.name < b.name ? -1 : 1));
}
