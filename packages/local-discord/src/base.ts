import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { ActivityRegistry } from './activities.ts';
import { type Clock, systemClock } from './clock.ts';
import { FaultInjector } from './faults.ts';
import { type BotIdentity, forwardMessageEvents, Gateway } from './gateway.ts';
import type { InteractionHandle } from './handle.ts';
import { type InteractionRecord, InteractionRegistry } from './interactions.ts';
import { MessageComposer } from './messages.ts';
import { discordRateLimits, type RateLimitConfig, RateLimiter } from './ratelimit.ts';
import { RequestCounter } from './request-counts.ts';
import { activityRoutes } from './rest/activities.ts';
import { channelRoutes } from './rest/channels.ts';
import { commandRoutes } from './rest/commands.ts';
import type { RouteContext } from './rest/context.ts';
import { emojiRoutes } from './rest/emojis.ts';
import { guildRoutes } from './rest/guilds.ts';
import { interactionRoutes } from './rest/interactions.ts';
import { miscRoutes } from './rest/misc.ts';
import { RoleConnectionRegistry, roleConnectionRoutes } from './rest/role-connections.ts';
import { RestServer } from './rest/server.ts';
import { ShardedGuildIds } from './shards.ts';
import { apiThread } from './state/render.ts';
import { Store } from './state/store.ts';
import type { MessageDeleteEvent, MessageEvent } from './state/types.ts';

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
  /**
   * Activities turned on for the application (Developer Portal): LAUNCH_ACTIVITY answers
   * and Entry Point commands are refused without. Default on.
   */
  activities?: boolean;
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

export type Ref = { id: string };
/** A message by id, as an `APIMessage`, or as a discord.js `Message` (which says `channelId`). */
export type MessageRef = string | { id: string; channel_id?: string; channelId?: string };

/**
 * What every part of the local Discord shares: the store of its world, the gateway and
 * the REST routes wired to it, and the events tests and waiters hear. `LocalDiscord`
 * (driver.ts) is this, plus the world it builds (world.ts), what its users do
 * (users.ts), and the serving and readings of driver.ts.
 */
export class LocalDiscordBase extends EventEmitter<DriverEvents> {
  readonly clock: Clock;
  /** The bot account; give `bot.token` to the client's `login`. */
  readonly bot: BotIdentity;
  protected readonly store: Store;
  protected readonly interactions: InteractionRegistry;
  protected readonly limiter: RateLimiter;
  protected readonly faults = new FaultInjector();
  protected readonly requestCounter = new RequestCounter();
  protected readonly shardedGuildIds: ShardedGuildIds;
  protected readonly gateway: Gateway;
  protected readonly rest: RestServer;
  /** The application's Activity: its client secret, OAuth2 grants and running instances. */
  protected readonly activities: ActivityRegistry;
  /** Linked roles: the application's metadata records and each user's role connection. */
  protected readonly roleConnections = new RoleConnectionRegistry();
  /** Emits a channel's id on every message change and acknowledgement there: what waiters re-check on. */
  protected readonly changes = new EventEmitter();
  protected readonly handles = new WeakMap<InteractionRecord, InteractionHandle>();
  protected server: Server | null = null;
  protected address: LocalDiscordAddress | null = null;
  protected readonly specCheck: boolean;

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
    this.activities = new ActivityRegistry(options.activities ?? true, this.clock, this.store.ids);
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
      activities: this.activities,
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
        ...activityRoutes(ctx),
        ...roleConnectionRoutes(ctx, this.roleConnections),
      ],
      botToken: this.bot.token,
      limiter: this.limiter,
      faults: this.faults,
      counter: this.requestCounter,
      bearer: (accessToken) => this.activities.bearer(accessToken)?.userId ?? null,
    });
    this.wireEvents();
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

  protected requireAddress(): LocalDiscordAddress {
    if (!this.address) throw new Error('LocalDiscord is not started');
    return this.address;
  }
}
