import { readdirSync } from 'node:fs';
import type {
  AutocompleteInteraction,
  ChatInputCommandInteraction,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { loadAllLanguages } from '../i18n/index.ts';
import { isModuleFile } from '../modules.ts';
import type { BotContext } from './context.ts';

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

/** What registering the commands sends Discord: each command in every language (all catalogues loaded first). */
export async function commandBodies(): Promise<RESTPostAPIChatInputApplicationCommandsJSONBody[]> {
  await loadAllLanguages();
  return [...(await loadCommands()).values()].map((c) => c.data.toJSON());
}
