import {
  type APIApplicationCommand,
  type APIMessage,
  ApplicationIntegrationType,
  InteractionContextType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import type { MessageRef, Ref } from './base.ts';
import { buildCommandOptions, type CommandInvocation, InvocationError } from './commands.ts';
import { choosableSelect, pressableButton } from './components.ts';
import { InteractionHandle } from './handle.ts';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  type InteractionContext,
  stringSelectInteraction,
} from './interaction-payloads.ts';
import { type InteractionRecord, InteractionRegistry } from './interactions.ts';
import { type ModalValue, modalSubmission, modalSubmitInteraction } from './modals.ts';
import { guildPermissions } from './permissions.ts';
import type { ChannelRecord, GuildRecord } from './state/types.ts';
import { LocalDiscordWorld } from './world.ts';

/** What the users do: commands, autocomplete, buttons, select menus and modals, each an interaction the bot gets. */
export class LocalDiscordUsers extends LocalDiscordWorld {
  /** `user` types `/name` in `channel`. Throws `InvocationError` for what the Discord client would refuse. */
  runCommand(user: Ref, channel: Ref, name: string, invocation: CommandInvocation = {}): InteractionHandle {
    const channelRecord = this.store.channel(channel.id);
    if (channelRecord.recipientId !== null) return this.runDmCommand(user, channelRecord, name, invocation);
    const { guild, command } = this.offeredCommand(user, channelRecord, name);
    if (guild && !invocation.crafted) requireDefaultPermissions(guild, command, user.id);
    const built = buildCommandOptions(this.store, guild, command, invocation);
    return this.interact(user, channelRecord, (ctx) => chatInputInteraction(ctx, command, built), null);
  }

  /**
   * The command `/name` as the user's client offers it in this channel: a guild's or a
   * global one where the bot was invited; elsewhere (a group DM, a server without the
   * bot) only a global command of an app the user installed, allowing a user install
   * and this context.
   */
  private offeredCommand(
    user: Ref,
    channel: ChannelRecord,
    name: string,
  ): { guild: GuildRecord | null; command: APIApplicationCommand } {
    if (channel.group && !channel.group.recipientIds.includes(user.id)) {
      throw new InvocationError(`user ${user.id} is not in group DM ${channel.id}`);
    }
    const guild = channel.group ? null : this.memberGuild(user, channel);
    if (guild?.members.has(this.bot.user.id)) {
      const command = [...this.registeredCommands(guild), ...this.registeredCommands()].find((c) => c.name === name);
      if (!command) throw new InvocationError(`/${name} is not registered in guild ${guild.id} or globally`);
      return { guild, command };
    }
    if (!this.store.userInstalls.has(user.id)) {
      throw new InvocationError(`user ${user.id} has not installed the app, and the bot is not here`);
    }
    const context = channel.group ? InteractionContextType.PrivateChannel : InteractionContextType.Guild;
    const command = this.registeredCommands().find((c) => c.name === name);
    const types = command?.integration_types ?? [ApplicationIntegrationType.GuildInstall];
    const contexts = command?.contexts ?? [context];
    if (!command || !types.includes(ApplicationIntegrationType.UserInstall) || !contexts.includes(context)) {
      throw new InvocationError(`/${name} is not a global command offered to a user install in context ${context}`);
    }
    return { guild, command };
  }

  /**
   * `user` is typing in a command's option: the bot gets an autocomplete interaction
   * (type 4) with `focused` marked, and answers with choices (`handle.choices()`).
   */
  autocomplete(
    user: Ref,
    channel: Ref,
    name: string,
    invocation: CommandInvocation,
    focused: string,
  ): InteractionHandle {
    const channelRecord = this.store.channel(channel.id);
    const { guild, command } = this.offeredCommand(user, channelRecord, name);
    const built = buildCommandOptions(this.store, guild, command, invocation);
    return this.interact(user, channelRecord, (ctx) => autocompleteInteraction(ctx, command, built, focused), null);
  }

  /** The bot's direct message channel with `user` (made on first use). */
  dmChannel(user: Ref): ChannelRecord {
    return this.store.dmChannel(user.id);
  }

  /**
   * `/name` in the bot's direct messages. The Discord client offers only global
   * commands whose contexts include direct messages; `crafted` skips that check.
   */
  private runDmCommand(user: Ref, channel: ChannelRecord, name: string, invocation: CommandInvocation) {
    if (channel.recipientId !== user.id) throw new InvocationError(`user ${user.id} cannot see channel ${channel.id}`);
    const global = this.registeredCommands().find((c) => c.name === name);
    const anywhere = global ?? [...this.store.commands.byGuild.values()].flat().find((c) => c.name === name);
    const command = invocation.crafted ? anywhere : global;
    if (!command) throw new InvocationError(`/${name} is not a global command, so direct messages do not offer it`);
    const contexts = command.contexts ?? [InteractionContextType.Guild, InteractionContextType.BotDM];
    if (!invocation.crafted && !contexts.includes(InteractionContextType.BotDM)) {
      throw new InvocationError(`/${name} is not offered in direct messages (contexts ${JSON.stringify(contexts)})`);
    }
    const built = buildCommandOptions(this.store, null, command, invocation);
    return this.interact(user, channel, (ctx) => chatInputInteraction(ctx, command, built), null);
  }

  /** `user` presses the button labelled (or with custom id) `labelOrCustomId` on a message they can see. */
  pressButton(user: Ref, message: MessageRef, labelOrCustomId: string): InteractionHandle {
    return this.useComponent(user, message, (ctx, current) =>
      buttonInteraction(ctx, current, pressableButton(current, labelOrCustomId)),
    );
  }

  /** `user` picks `values` in the string select menu with that custom id (or placeholder). */
  selectOptions(user: Ref, message: MessageRef, customIdOrPlaceholder: string, values: string[]): InteractionHandle {
    return this.useComponent(user, message, (ctx, current) =>
      stringSelectInteraction(ctx, current, choosableSelect(current, customIdOrPlaceholder, values), values),
    );
  }

  /**
   * `user` fills in and submits the modal the bot opened (response type 9) in answer to
   * `interaction`; `values` are keyed by custom id. A modal opened from a component
   * carries that message, so the bot may answer with UPDATE_MESSAGE (7).
   */
  submitModal(user: Ref, interaction: InteractionHandle, values: Record<string, ModalValue>): InteractionHandle {
    const opener = this.interactions.get(interaction.id);
    const modal = opener?.modal;
    if (!opener || !modal) throw new InvocationError(`interaction ${interaction.id} did not open a modal`);
    if (opener.userId !== user.id)
      throw new InvocationError(`the modal of ${interaction.id} is not open for ${user.id}`);
    const channel = this.store.channel(opener.channelId);
    const source = opener.sourceMessageId ? this.store.message(channel.id, opener.sourceMessageId).message : null;
    const data = modalSubmission(modal, values);
    return this.interact(user, channel, (ctx) => modalSubmitInteraction(ctx, data, source), opener.sourceMessageId);
  }

  /** A component interaction on the message as it is now, if `user` can see it. */
  private useComponent(
    user: Ref,
    message: MessageRef,
    build: (ctx: InteractionContext, current: APIMessage) => InteractionRecord['payload'],
  ): InteractionHandle {
    const { channelId, messageId } = this.messageRef(message);
    const stored = this.store.message(channelId, messageId);
    const channel = this.store.channel(channelId);
    if (!channel.group) this.memberGuild(user, channel);
    else if (!channel.group.recipientIds.includes(user.id)) {
      throw new InvocationError(`user ${user.id} is not in group DM ${channel.id}`);
    }
    if (stored.visibleTo !== null && stored.visibleTo !== user.id) {
      throw new InvocationError(`message ${messageId} is ephemeral and not visible to ${user.id}`);
    }
    // A component carries the authorization of the command that made its message.
    const owners = stored.message.interaction_metadata?.authorizing_integration_owners;
    const installerId = owners?.[ApplicationIntegrationType.UserInstall] ?? user.id;
    return this.interact(user, channel, (ctx) => build(ctx, stored.message), messageId, installerId);
  }

  private interact(
    user: Ref,
    channel: ChannelRecord,
    build: (ctx: InteractionContext) => InteractionRecord['payload'],
    sourceMessageId: string | null,
    installerId = user.id,
  ): InteractionHandle {
    const id = this.store.ids.next();
    const ctx: InteractionContext = {
      store: this.store,
      botUserId: this.bot.user.id,
      user: this.store.user(user.id),
      channel,
      id,
      token: InteractionRegistry.newToken(id),
      installerId,
    };
    const payload = build(ctx);
    const userInstallOnly = !(ApplicationIntegrationType.GuildInstall in payload.authorizing_integration_owners);
    const guild = this.store.guilds.get(channel.guildId);
    const record: InteractionRecord = {
      payload,
      id,
      token: ctx.token,
      userId: user.id,
      channelId: channel.id,
      guildId: channel.guildId,
      createdAt: this.clock.now(),
      dispatchedAt: null,
      ack: null,
      originalMessageId: null,
      sourceMessageId,
      sourceRevisionAtAck: null,
      followUpIds: [],
      followUpsCreated: 0,
      userInstallOnly,
      // Server Settings: @everyone without Use External Apps sees a user install's answers privately.
      forcedEphemeral:
        userInstallOnly && guild !== undefined && (guild.everyone & PermissionFlagsBits.UseExternalApps) === 0n,
      modal: null,
      choices: null,
    };
    this.interactions.add(record);
    const handle = new InteractionHandle(record, this.store, this.changes);
    this.handles.set(record, handle);
    this.emit('interactionCreate', handle);
    this.gateway.dispatch(channel.guildId, 'INTERACTION_CREATE', record.payload, () =>
      this.interactions.markDispatched(record),
    );
    return handle;
  }

  protected memberGuild(user: Ref, channel: ChannelRecord): GuildRecord {
    const guild = this.store.guild(channel.guildId);
    if (!guild.members.has(user.id)) throw new InvocationError(`user ${user.id} is not in guild ${guild.id}`);
    return guild;
  }

  private messageRef(message: MessageRef): { channelId: string; messageId: string } {
    const messageId = typeof message === 'string' ? message : message.id;
    const known = typeof message === 'string' ? undefined : (message.channel_id ?? message.channelId);
    if (known) return { channelId: known, messageId };
    for (const channel of this.store.channels.values()) {
      if (this.store.channelMessages(channel.id, '').some((m) => m.message.id === messageId)) {
        return { channelId: channel.id, messageId };
      }
    }
    throw new InvocationError(`no public message ${messageId}; pass the message object for ephemeral ones`);
  }
}

/**
 * A command's `default_member_permissions` (a bit set, as a string): Discord's client
 * offers it in a server only to members with all those permissions (Administrator has
 * all), unless the server changed who may use it; "0" offers it to none but admins.
 * Only the client enforces it: a crafted request still reaches the bot, whose own check
 * must refuse it.
 */
function requireDefaultPermissions(guild: GuildRecord, command: APIApplicationCommand, userId: string): void {
  const needed = command.default_member_permissions;
  if (needed === null || needed === undefined) return;
  const has = guildPermissions(guild, userId);
  if (has & PermissionFlagsBits.Administrator) return;
  const bits = BigInt(needed);
  if (bits === 0n || (has & bits) !== bits) {
    throw new InvocationError(`/${command.name} is offered only to members with permissions ${needed}`);
  }
}
