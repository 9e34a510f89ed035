import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type APIApplicationCommand,
  type APIMessage,
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  Locale,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import { type Clock, systemClock } from './clock.ts';
import { buildCommandOptions, type CommandInvocation, InvocationError } from './commands.ts';
import { choosableSelect, pressableButton } from './components.ts';
import { FaultInjector, type FaultOptions } from './faults.ts';
import { type BotIdentity, forwardMessageEvents, Gateway } from './gateway.ts';
import { InteractionHandle } from './handle.ts';
import {
  autocompleteInteraction,
  buttonInteraction,
  chatInputInteraction,
  type InteractionContext,
  stringSelectInteraction,
} from './interaction-payloads.ts';
import { type InteractionRecord, InteractionRegistry, type LatencyStats } from './interactions.ts';
import { MessageComposer } from './messages.ts';
import { type ModalValue, modalSubmission, modalSubmitInteraction } from './modals.ts';
import { bitsOf, type PermissionName } from './permissions.ts';
import { discordRateLimits, type RateLimitConfig, RateLimiter } from './ratelimit.ts';
import { RequestCounter, type RequestCounts } from './request-counts.ts';
import { channelRoutes } from './rest/channels.ts';
import { commandRoutes } from './rest/commands.ts';
import type { RouteContext } from './rest/context.ts';
import { emojiRoutes } from './rest/emojis.ts';
import { guildRoutes } from './rest/guilds.ts';
import { interactionRoutes } from './rest/interactions.ts';
import { miscRoutes } from './rest/misc.ts';
import { apiPrefix, RestServer } from './rest/server.ts';
import { ShardedGuildIds } from './shards.ts';
import type { SpecCounts, SpecViolation } from './spec/checker.ts';
import { apiChannel, apiGuildCreate, apiMember, apiRole, apiThread, everyoneRole } from './state/render.ts';
import { Store } from './state/store.ts';
import type {
  ChannelRecord,
  GuildRecord,
  MessageDeleteEvent,
  MessageEvent,
  Overwrite,
  RoleRecord,
  UserRecord,
} from './state/types.ts';
import { waitUntil } from './wait.ts';

/** Discord's client lets a group DM hold 10 people, its owner included. */
export const GROUP_DM_MAX_MEMBERS = 10;

/** A user's or server's language: one of Discord's locales (its client offers no other). */
function checkedLocale(locale: string | undefined): string {
  if (locale === undefined) return Locale.EnglishUS;
  if (!(Object.values(Locale) as string[]).includes(locale)) throw new RangeError(`${locale} is not a Discord locale`);
  return locale;
}

export interface LocalDiscordOptions {
  /** Times interaction deadlines, token lifetimes, timestamps and rate-limit windows. Default: the system clock. */
  clock?: Clock;
  /** Default: Discord's observed limits (`discordRateLimits`); `noRateLimits` for load runs. */
  rateLimits?: RateLimitConfig;
  /** Default 41 250 ms, Discord's usual. */
  heartbeatIntervalMs?: number;
  /** The bot's username. Default "guts". */
  botName?: string;
  /** Privileged intents the application may use (bits of GatewayIntentBits); default none, as a new application. */
  privilegedIntents?: number;
  /** The shard count `GET /gateway/bot` recommends. Default 1. */
  shards?: number;
  /**
   * Check every REST request body and response against Discord's OpenAPI spec (README:
   * "Checked against Discord's spec"). Default on; needs the dev dependencies.
   */
  specCheck?: boolean;
}

/** Where a started server listens: `restBase` is what discord.js's `rest.api` (DISCORD_API_URL) takes. */
export interface LocalDiscordAddress {
  port: number;
  /** `http://127.0.0.1:PORT/api`; requests go to `${restBase}/v10/...`. */
  restBase: string;
  /** `ws://127.0.0.1:PORT/gateway`, also what `GET /gateway/bot` returns. */
  gatewayUrl: string;
  /** `http://127.0.0.1:PORT`: attachments are served under `/attachments/`. */
  httpBase: string;
}

export interface DriverEvents {
  messageCreate: [MessageEvent];
  messageUpdate: [MessageEvent];
  messageDelete: [MessageDeleteEvent];
  /** A user started an interaction (delivered to the bot if it is connected). */
  interactionCreate: [InteractionHandle];
  /** The bot acknowledged an interaction. */
  interactionAck: [InteractionHandle];
}

type Ref = { id: string };
/** A message by id, as an `APIMessage`, or as a discord.js `Message` (which says `channelId`). */
type MessageRef = string | { id: string; channel_id?: string; channelId?: string };

/**
 * A Discord-compatible server on 127.0.0.1 for tests and the playground, and the
 * driver that plays its users. The unchanged discord.js client connects to it: REST
 * at `restBase`, gateway from `GET /gateway/bot`.
 */
export class LocalDiscord extends EventEmitter<DriverEvents> {
  readonly clock: Clock;
  /** The bot account; give `bot.token` to the client's `login`. */
  readonly bot: BotIdentity;
  private readonly store: Store;
  private readonly interactions: InteractionRegistry;
  private readonly limiter: RateLimiter;
  private readonly faults = new FaultInjector();
  private readonly requestCounter = new RequestCounter();
  private readonly shardedGuildIds: ShardedGuildIds;
  private readonly gateway: Gateway;
  private readonly rest: RestServer;
  /** Emits a channel's id on every message change and acknowledgement there: what waiters re-check on. */
  private readonly changes = new EventEmitter();
  private readonly handles = new WeakMap<InteractionRecord, InteractionHandle>();
  private server: Server | null = null;
  private address: LocalDiscordAddress | null = null;
  private readonly specCheck: boolean;

  constructor(options: LocalDiscordOptions = {}) {
    super();
    this.changes.setMaxListeners(0);
    this.clock = options.clock ?? systemClock;
    this.specCheck = options.specCheck ?? true;
    this.store = new Store(this.clock);
    this.shardedGuildIds = new ShardedGuildIds(() => this.clock.now());
    const botUser = this.store.createUser(options.botName ?? 'guts', true);
    this.bot = { user: botUser, token: `${Buffer.from(botUser.id).toString('base64url')}.local.discord` };
    this.interactions = new InteractionRegistry(this.clock);
    this.limiter = new RateLimiter(options.rateLimits ?? discordRateLimits, () => this.clock.now());
    this.gateway = new Gateway({
      store: this.store,
      bot: this.bot,
      url: () => this.requireAddress().gatewayUrl,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      ...(options.privilegedIntents !== undefined ? { privilegedIntents: options.privilegedIntents } : {}),
    });
    const ctx: RouteContext = {
      store: this.store,
      composer: new MessageComposer(this.store, () => this.requireAddress().httpBase),
      interactions: this.interactions,
      bot: this.bot,
      gatewayUrl: () => this.requireAddress().gatewayUrl,
      threadChanged: (thread) => this.gateway.dispatch(thread.guildId, 'THREAD_UPDATE', apiThread(thread)),
      shardCount: options.shards ?? 1,
      channelWebhookPost: (channelId) => {
        const verdict = this.limiter.take('webhook-channel', channelId, true);
        return verdict.allowed ? null : verdict.retryAfterMs;
      },
    };
    this.rest = new RestServer({
      routes: [
        ...miscRoutes(ctx),
        ...commandRoutes(ctx),
        ...emojiRoutes(ctx),
        ...channelRoutes(ctx),
        ...guildRoutes(ctx),
        ...interactionRoutes(ctx),
      ],
      botToken: this.bot.token,
      limiter: this.limiter,
      faults: this.faults,
      counter: this.requestCounter,
    });
    this.wireEvents();
  }

  async start(options: { port?: number; host?: string } = {}): Promise<LocalDiscordAddress> {
    const host = options.host ?? '127.0.0.1';
    // Imported only here: the checker needs the dev dependencies (discord-api-spec, zod, typescript).
    if (this.specCheck && !this.rest.spec) this.rest.spec = new (await import('./spec/checker.ts')).SpecChecker();
    const server = createServer((request, response) => void this.onRequest(request, response));
    server.on('upgrade', (request, socket, head) => {
      if (new URL(request.url ?? '/', 'http://local').pathname === '/gateway') {
        this.gateway.handleUpgrade(request, socket, head);
      } else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const httpBase = `http://${host}:${port}`;
    this.server = server;
    this.address = { port, httpBase, restBase: `${httpBase}/api`, gatewayUrl: `ws://${host}:${port}/gateway` };
    return this.address;
  }

  /** Stops serving; then fails, naming each one, if the spec check found violations no test took. */
  async stop(): Promise<void> {
    this.gateway.close();
    const server = this.server;
    this.server = null;
    if (server) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const spec = this.rest.spec;
    if (!spec) return;
    spec.report();
    const left = spec.takeViolations();
    if (left.length > 0) {
      const { describeViolations } = await import('./spec/checker.ts');
      throw new Error(`The local Discord saw REST traffic outside Discord's spec:\n${describeViolations(left)}`);
    }
  }

  /** What the spec check counted so far (zeros when it is off). */
  specCounts(): SpecCounts {
    return this.rest.spec?.counts() ?? { requests: 0, responses: 0, violations: 0 };
  }

  /** The spec violations so far, handed to a test that provoked them on purpose: `stop()` no longer fails on them. */
  takeSpecViolations(): SpecViolation[] {
    return this.rest.spec?.takeViolations() ?? [];
  }

  /**
   * `id` (a snowflake) keeps a world's ids stable across runs, e.g. the playground's ledger.
   * `locale` is the language the user's client is set to (a Discord locale; en-US unsaid).
   */
  createUser(options: { name: string; guilds?: Ref[]; id?: string; locale?: string }): UserRecord {
    const user = this.store.createUser(options.name, false, options.id, checkedLocale(options.locale));
    const guilds = options.guilds ?? [...this.store.guilds.values()];
    for (const guild of guilds) this.addMember(guild, user);
    return user;
  }

  /** The user switches their client's language: their next interactions carry `locale`. */
  setUserLocale(user: Ref | string, locale: string): UserRecord {
    const record = this.store.user(typeof user === 'string' ? user : user.id);
    record.locale = checkedLocale(locale);
    return record;
  }

  /**
   * A guild the bot is in; `owner` defaults to a new user named after the guild.
   * `shard: [id, count]` mints an id that lands on that shard of `count`.
   */
  createGuild(options: {
    name: string;
    owner?: Ref;
    id?: string;
    shard?: [number, number];
    /** The server's language (a Discord locale; en-US unsaid). */
    locale?: string;
    /** False: nobody invited the bot; the app comes only through players' user installs. Default true. */
    bot?: boolean;
  }): GuildRecord {
    const ownerId = options.owner?.id ?? this.store.createUser(`${options.name}-owner`).id;
    const id = options.shard ? this.shardedGuildIds.next(...options.shard) : options.id;
    const guild = this.store.createGuild(options.name, ownerId, id, checkedLocale(options.locale));
    if (options.bot === false) return guild;
    this.store.addMember(guild.id, this.bot.user.id);
    this.gateway.dispatch(guild.id, 'GUILD_CREATE', apiGuildCreate(this.store, guild, this.bot.user.id));
    return guild;
  }

  /**
   * `user` adds the app to their own account (Developer Portal: User Install, scope
   * applications.commands): its global commands that allow a user install follow them
   * into group DMs and servers that never invited the bot.
   */
  installApp(user: Ref): void {
    this.store.user(user.id);
    this.store.userInstalls.add(user.id);
  }

  /**
   * A group DM (channel type 3) that `owner` made with `members`. The bot is never in
   * one: its channel routes answer 50001 and the gateway says nothing of it.
   */
  createGroupDm(owner: Ref, members: Ref[], options: { name?: string; id?: string } = {}): ChannelRecord {
    const recipientIds = new Set([owner.id, ...members.map((m) => m.id)]);
    if (recipientIds.size > GROUP_DM_MAX_MEMBERS) {
      throw new InvocationError(`a group DM holds at most ${GROUP_DM_MAX_MEMBERS} people, not ${recipientIds.size}`);
    }
    return this.store.createGroupDm(owner.id, [...recipientIds], options.name ?? '', options.id);
  }

  /**
   * A member of the group DM adds `user` to it (Add Friends to DM). The bot, never a
   * member, hears nothing of it; a full group DM (10 people) refuses.
   */
  addToGroupDm(group: Ref, user: Ref): void {
    const channel = this.store.channel(group.id);
    if (!channel.group) throw new InvocationError(`channel ${group.id} is not a group DM`);
    this.store.user(user.id);
    const recipients = channel.group.recipientIds;
    if (recipients.includes(user.id)) return;
    if (recipients.length >= GROUP_DM_MAX_MEMBERS) {
      throw new InvocationError(`group DM ${group.id} is full: it holds at most ${GROUP_DM_MAX_MEMBERS} people`);
    }
    recipients.push(user.id);
  }

  createChannel(guild: Ref, options: { name: string; id?: string }): ChannelRecord {
    const channel = this.store.createChannel(guild.id, options.name, options.id);
    this.gateway.dispatch(guild.id, 'CHANNEL_CREATE', apiChannel(channel));
    return channel;
  }

  /** A role in the server (Server Settings → Roles → Create Role): the bot gets GUILD_ROLE_CREATE. */
  createRole(guild: Ref, options: { name: string; allow?: PermissionName[] }): RoleRecord {
    const record = this.store.guild(guild.id);
    const role = this.store.createRole(record.id, options.name, bitsOf(options.allow ?? []));
    this.gateway.dispatch(record.id, 'GUILD_ROLE_CREATE', { guild_id: record.id, role: apiRole(record, role) });
    return role;
  }

  /**
   * Sets a channel permission overwrite for one member (`who` a user, the bot
   * included) or for @everyone, as a server admin would in the channel's settings.
   * Replaces any earlier overwrite for them; an empty allow and deny removes it.
   */
  setPermissions(
    channel: Ref,
    who: Ref | 'everyone',
    change: { allow?: PermissionName[]; deny?: PermissionName[] },
  ): void {
    const record = this.store.channel(channel.id);
    const id = who === 'everyone' ? record.guildId : who.id;
    const overwrite: Overwrite = {
      id,
      type: who === 'everyone' ? 'role' : 'member',
      allow: bitsOf(change.allow ?? []),
      deny: bitsOf(change.deny ?? []),
    };
    record.overwrites = record.overwrites.filter((o) => o.id !== id);
    if (overwrite.allow || overwrite.deny) record.overwrites.push(overwrite);
    this.gateway.dispatch(record.guildId, 'CHANNEL_UPDATE', apiChannel(record));
  }

  /**
   * Changes what @everyone may do in the whole server (Server Settings → Roles), as an
   * admin would: the bot gets GUILD_ROLE_UPDATE, and every channel without an
   * overwrite saying otherwise follows.
   */
  setServerPermissions(guild: Ref, change: { allow?: PermissionName[]; deny?: PermissionName[] }): void {
    const record = this.store.guild(guild.id);
    record.everyone = (record.everyone & ~bitsOf(change.deny ?? [])) | bitsOf(change.allow ?? []);
    this.gateway.dispatch(record.id, 'GUILD_ROLE_UPDATE', { guild_id: record.id, role: everyoneRole(record) });
  }

  /**
   * Someone deletes the channel or thread: the bot gets CHANNEL_DELETE (THREAD_DELETE),
   * and calls on it answer 10003 Unknown Channel.
   */
  deleteChannel(channel: Ref): void {
    const record = this.store.channel(channel.id);
    const thread = record.thread;
    const payload = thread
      ? { id: record.id, guild_id: record.guildId, parent_id: thread.parentId, type: ChannelType.PublicThread }
      : apiChannel(record);
    this.store.deleteChannel(channel.id);
    this.gateway.dispatch(record.guildId, thread ? 'THREAD_DELETE' : 'CHANNEL_DELETE', payload);
  }

  /** Someone starts a public thread in a text channel: the bot gets THREAD_CREATE. */
  createThread(channel: Ref, options: { name: string }): ChannelRecord {
    const thread = this.store.createThread(channel.id, options.name);
    this.gateway.dispatch(thread.guildId, 'THREAD_CREATE', { ...apiThread(thread), newly_created: true });
    return thread;
  }

  /**
   * The thread is archived (Discord does it after a while without messages), and
   * locked too if a moderator locks it: edits in it answer 50083, and a post either
   * unarchives it or, when locked, answers 50083.
   */
  archiveThread(thread: Ref, options: { locked?: boolean } = {}): void {
    const record = this.store.channel(thread.id);
    if (!record.thread) throw new Error(`channel ${thread.id} is not a thread`);
    record.thread.archived = true;
    record.thread.locked = options.locked ?? false;
    this.gateway.dispatch(record.guildId, 'THREAD_UPDATE', apiThread(record));
  }

  /**
   * The bot is removed from the server (kicked, or the server deleted): it gets
   * GUILD_DELETE without \`unavailable\`, and its calls on the server's channels answer
   * 50001 Missing Access (10003 once the server itself is deleted).
   */
  removeBot(guild: Ref, options: { deleteGuild?: boolean } = {}): void {
    const record = this.store.guild(guild.id);
    // Sent before the bot leaves: dispatches go to the guild's members.
    this.gateway.dispatch(record.id, 'GUILD_DELETE', { id: record.id });
    record.members.delete(this.bot.user.id);
    if (options.deleteGuild) this.store.deleteGuild(record.id);
  }

  /** 401, 403 and 429 answers the bot has had (Discord bans an IP past 10,000 in 10 minutes). */
  invalidRequests(): number {
    return this.rest.invalidRequests;
  }

  /** Follow-ups refused with 40094: an interaction asked for a 6th where only a user install authorizes the app. */
  followUpLimitHits(): number {
    return this.interactions.followUpLimitHits;
  }

  /** 429 answers with a shared scope so far (a channel's own limit, or an injected one): Discord does not count them as invalid. */
  sharedRateLimits(): number {
    return this.rest.sharedRateLimits;
  }

  addMember(guild: Ref, user: Ref): void {
    const record = this.store.guild(guild.id);
    if (record.members.has(user.id)) return;
    this.store.addMember(guild.id, user.id);
    this.gateway.dispatch(guild.id, 'GUILD_MEMBER_ADD', {
      ...apiMember(this.store, record, user.id),
      guild_id: guild.id,
    });
  }

  /** Commands the bot registered by bulk overwrite: a guild's, or the global ones. */
  registeredCommands(guild?: Ref): APIApplicationCommand[] {
    return guild ? (this.store.commands.byGuild.get(guild.id) ?? []) : this.store.commands.global;
  }

  /** `user` types `/name` in `channel`. Throws `InvocationError` for what the Discord client would refuse. */
  runCommand(user: Ref, channel: Ref, name: string, invocation: CommandInvocation = {}): InteractionHandle {
    const channelRecord = this.store.channel(channel.id);
    if (channelRecord.recipientId !== null) return this.runDmCommand(user, channelRecord, name, invocation);
    const { guild, command } = this.offeredCommand(user, channelRecord, name);
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

  /** The channel as `as` sees it (their ephemerals included), oldest first; without `as`, public messages only. */
  channelMessages(channel: Ref, options: { as?: Ref } = {}): APIMessage[] {
    return this.store.channelMessages(channel.id, options.as?.id ?? '').map((m) => m.message);
  }

  /** The newest message visible to `as` that matches `predicate`, now or once created or edited. */
  waitForMessage(
    channel: Ref,
    predicate: (message: APIMessage) => boolean,
    options: { as?: Ref; timeoutMs?: number } = {},
  ): Promise<APIMessage> {
    const timeoutMs = options.timeoutMs ?? 5000;
    const check = () => this.channelMessages(channel, options).reverse().find(predicate);
    return waitUntil(this.changes, channel.id, check, timeoutMs, `a matching message in channel ${channel.id}`);
  }

  /** An uploaded file by attachment id (also served at the attachment's `url`). */
  attachment(id: string): { filename: string; contentType: string; bytes: Buffer } | null {
    return this.store.attachments.get(id) ?? null;
  }

  /** An application emoji's picture, as the CDN serves it. */
  applicationEmoji(id: string): { name: string; contentType: string; bytes: Buffer } | null {
    return this.store.applicationEmojis.get(id) ?? null;
  }

  /** The next `count` REST requests matching `pattern` fail with `status` (see `compileFaultPattern`). */
  failRoute(pattern: string | RegExp, status: number, count: number, options?: FaultOptions): void {
    this.faults.add(pattern, status, count, options);
  }

  /** REST requests since the last reset, split into global-limited and interaction-exempt, per route. */
  requestCounts(): RequestCounts {
    return this.requestCounter.counts();
  }

  resetRequestCounts(): void {
    this.requestCounter.reset();
  }

  clearFaults(): void {
    this.faults.clear();
  }

  /** How many injected failures have not been served yet (a test waits for the bot to hit one). */
  pendingFaults(): number {
    return this.faults.pending();
  }

  /** Kills the gateway sockets without a close frame; the client resumes and gets what it missed. */
  dropGateway(): void {
    this.gateway.dropConnections();
  }

  /** True while the bot has an open gateway socket. */
  get botConnected(): boolean {
    return this.gateway.connected;
  }

  setRateLimits(config: RateLimitConfig): void {
    this.limiter.configure(config);
  }

  /** Acknowledgement latency since the last `resetLatency()`: for the `ack-latency` bench. */
  latency(): LatencyStats {
    return this.interactions.stats();
  }

  resetLatency(): void {
    this.interactions.resetStats();
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

  private memberGuild(user: Ref, channel: ChannelRecord): GuildRecord {
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

  private wireEvents(): void {
    forwardMessageEvents(this.store, this.gateway);
    this.store.on('messageCreate', (event) => {
      this.emit('messageCreate', event);
      this.changes.emit(event.message.channel_id);
    });
    this.store.on('messageUpdate', (event) => {
      this.emit('messageUpdate', event);
      this.changes.emit(event.message.channel_id);
    });
    this.store.on('messageDelete', (event) => {
      this.emit('messageDelete', event);
      this.changes.emit(event.channelId);
    });
    this.interactions.on('ack', (record) => {
      const handle = this.handles.get(record);
      if (handle) this.emit('interactionAck', handle);
      this.changes.emit(record.channelId);
    });
    this.interactions.on('followUp', (record) => this.changes.emit(record.channelId));
  }

  private async onRequest(request: IncomingMessage, response: ServerResponse): Promise<void> {
    try {
      const path = new URL(request.url ?? '/', 'http://local').pathname;
      if (path.startsWith(`${apiPrefix}/`)) return await this.rest.handle(request, response);
      const attachment = /^\/attachments\/\d+\/(\d+)\//.exec(path);
      // The CDN's emoji pictures (`/emojis/{id}.png`, whatever format was uploaded, as Discord converts).
      const emoji = /^\/emojis\/(\d+)\.(png|webp|gif)$/.exec(path);
      const file = attachment
        ? this.store.attachments.get(attachment[1] ?? '')
        : emoji
          ? this.store.applicationEmojis.get(emoji[1] ?? '')
          : undefined;
      if (request.method === 'GET' && file) {
        response.writeHead(200, { 'Content-Type': file.contentType, 'Content-Length': file.bytes.length });
        response.end(file.bytes);
        return;
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: '404: Not Found', code: 0 }));
    } catch {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: '500: Internal Server Error', code: 0 }));
    }
  }

  private requireAddress(): LocalDiscordAddress {
    if (!this.address) throw new Error('LocalDiscord is not started');
    return this.address;
  }
}
