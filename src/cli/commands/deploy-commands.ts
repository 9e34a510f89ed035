import {
  ApplicationCommandType,
  REST,
  type RESTPostAPIApplicationCommandsJSONBody,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  Routes,
} from 'discord.js';
import { type Config, ConfigError, loadConfig } from '../../config.ts';
import { uploadCardEmojis } from '../../discord/card-emojis.ts';
import { commandBodies, entryPointCommand } from '../../discord/command-registry.ts';
import { ROLE_METADATA, roleMetadataBody } from '../../discord/linked-roles/metadata.ts';
import { readCommandLine } from '../args.ts';

export const summary =
  'register the slash commands with Discord (to GUILD_ID when set, else globally), the linked-role metadata, and upload the card emojis';

export const syntax = {
  command: 'deploy-commands',
  usage: '[--print]',
  details: [summary, '--print: print the commands as they would be registered, and register nothing.'],
  options: { print: { type: 'boolean' } },
  operands: [0, 0],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`guts: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
  const body = await commandsToRegister(config);
  if (line.values.print) {
    process.stdout.write(`${JSON.stringify(body, null, 2)}\n`);
    return 0;
  }
  if (!config.discordToken) {
    process.stderr.write('guts: set DISCORD_TOKEN to your bot token to register commands (or use --print)\n');
    return 1;
  }
  const rest = new REST(config.discordApiUrl ? { api: config.discordApiUrl } : {}).setToken(config.discordToken);
  const app = (await rest.get(Routes.currentApplication())) as { id: string };
  const route = config.guildId
    ? Routes.applicationGuildCommands(app.id, config.guildId)
    : Routes.applicationCommands(app.id);
  await rest.put(route, { body });
  const where = config.guildId ? `server ${config.guildId}` : 'all servers (may take up to an hour to appear)';
  process.stdout.write(`Registered ${body.map(commandLabel).join(', ')} for ${where}.\n`);
  if (config.activity && config.guildId) {
    process.stdout.write("The Activity's Entry Point is global only: run without GUILD_ID to register it.\n");
  }
  // Linked roles: what a server's roles may ask of a player's guts (loaded languages: commandsToRegister).
  await rest.put(Routes.applicationRoleConnectionMetadata(app.id), { body: roleMetadataBody() });
  process.stdout.write(`Linked-role metadata: ${ROLE_METADATA.map((m) => m.key).join(', ')}.\n`);
  const uploaded = await uploadCardEmojis(rest, app.id);
  process.stdout.write(`Card emojis: ${uploaded} uploaded (the others were there already).\n`);
  return 0;
}

/**
 * What the bulk overwrite sends: the slash commands and, when the bot serves an Activity,
 * its Entry Point (global only). The overwrite replaces every command type, so an Entry
 * Point left out would be deleted.
 */
export async function commandsToRegister(
  config: Pick<Config, 'guildId' | 'activity'>,
): Promise<RESTPostAPIApplicationCommandsJSONBody[]> {
  const body = registrationBody(await commandBodies(), config.guildId !== null);
  return config.activity && !config.guildId ? [...body, entryPointCommand()] : body;
}

/** `/guts` for a slash command; the Entry Point by its name, as the App Launcher shows it. */
const commandLabel = (command: RESTPostAPIApplicationCommandsJSONBody) =>
  'type' in command && command.type === ApplicationCommandType.PrimaryEntryPoint
    ? `${command.name} (the Activity's Entry Point)`
    : `/${command.name}`;

/**
 * Global commands carry where they may be installed (`integration_types`: a server, a
 * user's account) and used (`contexts`: servers, DMs with the bot, group DMs): a user
 * install brings them into group DMs and servers that never invited the bot. Discord
 * takes both only for global commands: registered to one server, they are left out.
 */
export function registrationBody(
  commands: RESTPostAPIChatInputApplicationCommandsJSONBody[],
  toOneServer: boolean,
): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  if (!toOneServer) return commands;
  return commands.map(({ integration_types: _types, contexts: _contexts, ...command }) => command);
}
