import {
  type APIApplicationCommand,
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIMessage,
  type APIMessageComponentButtonInteraction,
  type APIMessageComponentSelectMenuInteraction,
  ApplicationCommandType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  type Locale,
} from 'discord-api-types/v10';
import type { BuiltOptions } from './commands.ts';
import { channelPermissions, USER_INSTALL_APP_PERMISSIONS } from './permissions.ts';
import { apiAnyChannel, type apiChannel, apiDmChannel, apiGroupDmChannel, apiMember, apiUser } from './state/render.ts';
import type { Store } from './state/store.ts';
import type { ChannelRecord, UserRecord } from './state/types.ts';

/** Who interacts where, and the ids Discord gives the interaction. */
export interface InteractionContext {
  store: Store;
  botUserId: string;
  user: UserRecord;
  channel: ChannelRecord;
  id: string;
  token: string;
  /**
   * The user whose install of the app authorizes it where the bot is not a member (a
   * group DM, a server that never invited it): the one who ran the command, or for a
   * component, the one whose command made the message.
   */
  installerId: string;
}

/** The fields every guild interaction carries: guild, channel, member with permissions, locale. */
function guildInteractionBase(ctx: InteractionContext) {
  const { store, user, channel } = ctx;
  const guild = store.guild(channel.guildId);
  const botMember = guild.members.has(ctx.botUserId);
  return {
    id: ctx.id,
    application_id: ctx.botUserId,
    token: ctx.token,
    version: 1 as const,
    guild: { id: guild.id, features: [], locale: guild.preferredLocale as Locale },
    guild_id: guild.id,
    channel: apiAnyChannel(channel) as ReturnType<typeof apiChannel>,
    channel_id: channel.id,
    // Both as Discord sends them: the member's and the bot's permissions in this channel.
    member: {
      ...apiMember(store, guild, user.id),
      permissions: String(channelPermissions(guild, store.permissionChannel(channel), user.id)),
    },
    // Where only a player's install brings the app, it may just answer: files, embeds, mentions.
    app_permissions: String(
      botMember
        ? channelPermissions(guild, store.permissionChannel(channel), ctx.botUserId)
        : USER_INSTALL_APP_PERMISSIONS,
    ),
    // The presser's client language, and the server's (Discord sends both in a guild).
    locale: user.locale as Locale,
    guild_locale: guild.preferredLocale as Locale,
    entitlements: [],
    authorizing_integration_owners: botMember
      ? { '0': guild.id }
      : ({ '1': ctx.installerId } as { '0'?: string; '1': string }),
    context: InteractionContextType.Guild,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}

/**
 * The fields of an interaction outside a guild: a user instead of a member, no guild.
 * In the bot's direct messages; or in a group DM (a type-3 channel with its owner),
 * where only the installer's user install brings the app.
 */
function privateInteractionBase(ctx: InteractionContext) {
  const { store, user, channel } = ctx;
  const group = channel.group !== undefined;
  return {
    id: ctx.id,
    application_id: ctx.botUserId,
    token: ctx.token,
    version: 1 as const,
    channel: group ? apiGroupDmChannel(store, channel) : apiDmChannel(store, channel),
    channel_id: channel.id,
    user: apiUser(user),
    app_permissions: group ? String(USER_INSTALL_APP_PERMISSIONS) : '0',
    locale: user.locale as Locale,
    entitlements: [],
    authorizing_integration_owners: { '1': group ? ctx.installerId : user.id },
    context: group ? InteractionContextType.PrivateChannel : InteractionContextType.BotDM,
    attachment_size_limit: 10 * 1024 * 1024,
  };
}

/** The fields of any interaction, by where it happens: a guild channel, a group DM or the bot's DMs. */
export function interactionBase(ctx: InteractionContext) {
  if (ctx.channel.group || ctx.channel.recipientId !== null) {
    return privateInteractionBase(ctx) as unknown as ReturnType<typeof guildInteractionBase>;
  }
  return guildInteractionBase(ctx);
}

/** INTERACTION_CREATE for a slash command typed in a guild channel or the bot's direct messages. */
export function chatInputInteraction(
  ctx: InteractionContext,
  command: APIApplicationCommand,
  built: BuiltOptions,
): APIChatInputApplicationCommandInteraction {
  return {
    ...interactionBase(ctx),
    type: InteractionType.ApplicationCommand,
    data: {
      id: command.id,
      name: command.name,
      type: ApplicationCommandType.ChatInput,
      ...(command.guild_id ? { guild_id: command.guild_id } : {}),
      options: built.options,
      ...(built.resolved ? { resolved: built.resolved } : {}),
    },
  };
}

/** INTERACTION_CREATE while a user types in option `focused` (marked as Discord marks it). */
export function autocompleteInteraction(
  ctx: InteractionContext,
  command: APIApplicationCommand,
  built: BuiltOptions,
  focused: string,
): APIApplicationCommandAutocompleteInteraction {
  const mark = (options: readonly unknown[]): unknown[] =>
    options.map((o) => {
      const option = o as { name: string; options?: unknown[] };
      if (option.options) return { ...option, options: mark(option.options) };
      return option.name === focused ? { ...option, focused: true } : option;
    });
  const chat = chatInputInteraction(ctx, command, built);
  return {
    ...chat,
    type: InteractionType.ApplicationCommandAutocomplete,
    data: { ...chat.data, options: mark(built.options) },
  } as APIApplicationCommandAutocompleteInteraction;
}

/** INTERACTION_CREATE for a button pressed on `message`. */
export function buttonInteraction(
  ctx: InteractionContext,
  message: APIMessage,
  customId: string,
): APIMessageComponentButtonInteraction {
  return {
    ...interactionBase(ctx),
    type: InteractionType.MessageComponent,
    message,
    data: { custom_id: customId, component_type: ComponentType.Button },
  };
}

/** INTERACTION_CREATE for options chosen in a string select menu on `message`. */
export function stringSelectInteraction(
  ctx: InteractionContext,
  message: APIMessage,
  customId: string,
  values: string[],
): APIMessageComponentSelectMenuInteraction {
  return {
    ...interactionBase(ctx),
    type: InteractionType.MessageComponent,
    message,
    data: { custom_id: customId, component_type: ComponentType.StringSelect, values },
  };
}
