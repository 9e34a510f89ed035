import {
  type APIApplicationCommand,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandInteractionDataBasicOption,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIInteractionDataResolved,
  ApplicationCommandOptionType,
  type InteractionType,
} from 'discord-api-types/v10';
import { apiChannel, apiMember, apiUser, memberPermissions } from './state/render.ts';
import type { Store } from './state/store.ts';
import type { GuildRecord } from './state/types.ts';

/** An option value as a test writes it: users and channels by id or by record. */
export type OptionValue = string | number | boolean | { id: string };

/** What a user types after `/name`: an optional subcommand (group) and named options. */
export interface CommandInvocation {
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
  /**
   * Skip the Discord client's check of where the command may run (a guild command in
   * direct messages), as a crafted request would: how a bot's own guard gets tested.
   */
  crafted?: boolean;
}

/** The `data.options` and `data.resolved` of a chat-input interaction. */
export interface BuiltOptions {
  options: APIApplicationCommandInteractionDataOption<InteractionType.ApplicationCommand>[];
  resolved: APIInteractionDataResolved | null;
}

/** A user tried something the Discord client would not let them send. */
export class InvocationError extends Error {}

function idOf(value: OptionValue): string {
  return typeof value === 'object' ? value.id : String(value);
}

function checkValue(option: APIApplicationCommandBasicOption, value: OptionValue): void {
  const where = `option "${option.name}"`;
  const type = option.type;
  if (type === ApplicationCommandOptionType.String) {
    if (typeof value !== 'string') throw new InvocationError(`${where} takes a string`);
    if (value.length < (option.min_length ?? 0) || value.length > (option.max_length ?? 6000)) {
      throw new InvocationError(`${where}: length out of range`);
    }
  } else if (type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number) {
    const isInteger = type === ApplicationCommandOptionType.Integer;
    if (typeof value !== 'number' || (isInteger && !Number.isInteger(value))) {
      throw new InvocationError(`${where} takes ${isInteger ? 'an integer' : 'a number'}`);
    }
    if (value < (option.min_value ?? -(2 ** 53)) || value > (option.max_value ?? 2 ** 53)) {
      throw new InvocationError(`${where}: value out of range`);
    }
  } else if (type === ApplicationCommandOptionType.Boolean && typeof value !== 'boolean') {
    throw new InvocationError(`${where} takes a boolean`);
  }
  const choices = 'choices' in option ? option.choices : undefined;
  if (choices && choices.length > 0 && !choices.some((c) => c.value === value)) {
    throw new InvocationError(`${where} must be one of: ${choices.map((c) => c.value).join(', ')}`);
  }
}

/** Resolves user and channel options the way Discord does, into `data.resolved`. */
function resolve(
  store: Store,
  guild: GuildRecord | null,
  option: APIApplicationCommandBasicOption,
  id: string,
  resolved: APIInteractionDataResolved,
): void {
  if (option.type === ApplicationCommandOptionType.User || option.type === ApplicationCommandOptionType.Mentionable) {
    const user = store.users.get(id);
    if (!user) throw new InvocationError(`option "${option.name}": no user ${id}`);
    (resolved.users ??= {})[id] = apiUser(user);
    if (guild?.members.has(id)) {
      const { user: _user, deaf: _deaf, mute: _mute, ...member } = apiMember(store, guild, id);
      (resolved.members ??= {})[id] = { ...member, permissions: memberPermissions(guild, id) };
    }
  } else if (option.type === ApplicationCommandOptionType.Channel) {
    const channel = store.channels.get(id);
    if (!channel || !guild || channel.guildId !== guild.id)
      throw new InvocationError(`option "${option.name}": no channel ${id}`);
    const { id: channelId, name, type, permission_overwrites: _overwrites, ...rest } = apiChannel(channel);
    (resolved.channels ??= {})[id] = { id: channelId, name, type, permissions: memberPermissions(guild, id), ...rest };
  }
}

function basicOptions(
  store: Store,
  guild: GuildRecord | null,
  declared: APIApplicationCommandOption[],
  given: Record<string, OptionValue>,
  resolved: APIInteractionDataResolved,
): APIApplicationCommandInteractionDataBasicOption<InteractionType.ApplicationCommand>[] {
  for (const name of Object.keys(given)) {
    if (!declared.some((o) => o.name === name)) throw new InvocationError(`unknown option "${name}"`);
  }
  const out: APIApplicationCommandInteractionDataBasicOption<InteractionType.ApplicationCommand>[] = [];
  for (const option of declared as APIApplicationCommandBasicOption[]) {
    const value = given[option.name];
    if (value === undefined) {
      if (option.required) throw new InvocationError(`option "${option.name}" is required`);
      continue;
    }
    const isReference = [
      ApplicationCommandOptionType.User,
      ApplicationCommandOptionType.Channel,
      ApplicationCommandOptionType.Role,
      ApplicationCommandOptionType.Mentionable,
      ApplicationCommandOptionType.Attachment,
    ].includes(option.type);
    if (isReference) resolve(store, guild, option, idOf(value), resolved);
    else checkValue(option, value);
    out.push({
      name: option.name,
      type: option.type,
      value: isReference ? idOf(value) : value,
    } as APIApplicationCommandInteractionDataBasicOption<InteractionType.ApplicationCommand>);
  }
  return out;
}

function findSub(options: APIApplicationCommandOption[] | undefined, type: ApplicationCommandOptionType, name: string) {
  const sub = options?.find((o) => o.type === type && o.name === name);
  if (!sub) throw new InvocationError(`no ${ApplicationCommandOptionType[type]} "${name}"`);
  return sub as { options?: APIApplicationCommandOption[] };
}

/**
 * Builds the typed `options` Discord would send for `invocation` of `command`,
 * refusing what the Discord client refuses (unknown or missing options, wrong types,
 * values outside choices or bounds).
 */
export function buildCommandOptions(
  store: Store,
  /** null in direct messages. */
  guild: GuildRecord | null,
  command: APIApplicationCommand,
  invocation: CommandInvocation,
): BuiltOptions {
  const resolved: APIInteractionDataResolved = {};
  const given = invocation.options ?? {};
  let declared = command.options ?? [];
  const hasSubcommands = declared.some(
    (o) =>
      o.type === ApplicationCommandOptionType.Subcommand || o.type === ApplicationCommandOptionType.SubcommandGroup,
  );
  if (hasSubcommands && !invocation.subcommand) throw new InvocationError(`/${command.name} needs a subcommand`);
  if (!invocation.subcommand) {
    const options = basicOptions(store, guild, declared, given, resolved);
    return { options, resolved: Object.keys(resolved).length ? resolved : null };
  }
  let group: string | null = null;
  if (invocation.subcommandGroup) {
    declared =
      findSub(declared, ApplicationCommandOptionType.SubcommandGroup, invocation.subcommandGroup).options ?? [];
    group = invocation.subcommandGroup;
  }
  const sub = findSub(declared, ApplicationCommandOptionType.Subcommand, invocation.subcommand);
  const subOption = {
    type: ApplicationCommandOptionType.Subcommand as const,
    name: invocation.subcommand,
    options: basicOptions(store, guild, sub.options ?? [], given, resolved),
  };
  const options: BuiltOptions['options'] = group
    ? [{ type: ApplicationCommandOptionType.SubcommandGroup, name: group, options: [subOption] }]
    : [subOption];
  return { options, resolved: Object.keys(resolved).length ? resolved : null };
}
