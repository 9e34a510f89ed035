import {
  type Client,
  DiscordAPIError,
  type MessageManager,
  RESTJSONErrorCodes,
  type SendableChannels,
} from 'discord.js';
import type { Logger } from '../log.ts';
import type { Tables } from '../table/tables.ts';
import type { BlockedChannels } from './blocked-channels.ts';
import { OutputLane } from './output-lane.ts';
import type { ReplyTokens, TokenHandle } from './tokens.ts';
import type { PostedMessage, WebhookMessage } from './webhook-messages.ts';

/**
 * What the bot sends to a table's channel, all through one lane: under a flood of
 * output the answers to presses (which do not queue here) are never stuck behind
 * hundreds of uploads.
 *
 * Discord allows a bot 50 requests a second across all its servers, except calls on an
 * interaction token (follow-ups and their edits, for 15 minutes). So a table's public
 * messages go out as follow-ups of the table's youngest interaction, and are edited
 * through the token that posted them while it lives; channel calls are the fallback
 * (no live token, an expired one, a restart, a refused follow-up).
 */
export class ChannelOutput {
  private readonly lane = new OutputLane(8);
  /** The interaction that posted each message it posted: only its token may edit the message. */
  private readonly postedBy = new Map<string, TokenHandle>();
  private readonly webhookPosts = new PerChannelBudget(PUBLIC_FOLLOW_UPS_PER_MINUTE, 60_000);
  /**
   * Posts waiting for a token, per table, in order: where the bot only answers
   * interactions (`ReplyTokens.answersOnly`) and no live token has a follow-up left.
   */
  private readonly held = new Map<number, HeldPost[]>();
  private readonly flushing = new Set<number>();
  /** Told when a table's first post has to wait for a token (the publisher pauses the game). */
  onStall: (tableId: number) => void = () => {};

  constructor(
    private readonly client: Client,
    private readonly tables: Pick<Tables, 'placeOf'>,
    private readonly lost: BlockedChannels,
    private readonly tokens: ReplyTokens,
    private readonly log: Logger,
    private readonly now: () => number,
    /** Resolves once the server's channels are cached (guild-cache.ts): a table's channel is not fetched twice. */
    private readonly guildReady: (guildId: string) => Promise<void>,
  ) {}

  /** Posts a public message; `editable` ones (the table message) remember their token for the edits to come. */
  async send(tableId: number, payload: WebhookMessage, editable = false): Promise<PostedMessage> {
    // Where the bot is no member, a channel call would only be refused (50001): the post
    // waits for a token, behind any that already wait.
    const answering = this.tokens.answersOnly(tableId);
    if (answering && this.held.has(tableId)) return this.hold(tableId, payload, editable);
    const via = this.tokens.newest(tableId);
    const budget = answering || this.webhookPosts.take(via?.channelId ?? '', this.now());
    if (via && !this.isLost(tableId) && budget) {
      try {
        return await this.followUp(via, payload, editable);
      } catch (err) {
        this.log.debug({ err, tableId }, 'a follow-up was refused: posting to the channel');
      }
    }
    if (answering) return this.hold(tableId, payload, editable);
    return this.call(tableId, (channel): Promise<PostedMessage> => channel.send(payload));
  }

  private async followUp(via: TokenHandle, payload: WebhookMessage, editable: boolean): Promise<PostedMessage> {
    const message = await this.lane.run(() => via.followUp(payload));
    if (editable) this.remember(message.id, via);
    return message;
  }

  /** The table has posts waiting for a token. */
  stalled(tableId: number): boolean {
    return this.held.has(tableId);
  }

  private hold(tableId: number, payload: WebhookMessage, editable: boolean): Promise<PostedMessage> {
    return new Promise((resolve, reject) => {
      const waiting = this.held.get(tableId);
      if (waiting) waiting.push({ payload, editable, resolve, reject });
      else {
        this.held.set(tableId, [{ payload, editable, resolve, reject }]);
        this.onStall(tableId);
      }
    });
  }

  /**
   * Sends the posts that waited, in order, through the table's youngest tokens (a new
   * press brought one). True once nothing waits; false while no token can carry the rest.
   */
  async flush(tableId: number): Promise<boolean> {
    if (this.flushing.has(tableId)) return false;
    this.flushing.add(tableId);
    try {
      const waiting = this.held.get(tableId) ?? [];
      for (let post = waiting[0]; post; post = waiting[0]) {
        const via = this.tokens.newest(tableId);
        if (!via) return false;
        waiting.shift();
        await this.followUp(via, post.payload, post.editable).then(post.resolve, post.reject);
      }
      this.held.delete(tableId);
      return true;
    } finally {
      this.flushing.delete(tableId);
    }
  }

  async edit(tableId: number, messageId: string, payload: WebhookMessage): Promise<void> {
    const via = this.postedBy.get(messageId);
    if (via && this.tokens.alive(via) && !this.isLost(tableId)) {
      try {
        await this.lane.run(() => via.edit(messageId, payload));
        return;
      } catch (err) {
        // The token posted it, so it is gone (deleted by someone): the channel would say the same.
        if (err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownMessage) throw err;
        this.log.debug({ err, tableId }, 'an edit through the token was refused: editing in the channel');
      }
    }
    // Only the token that posted a message may edit it, and a channel call would be refused.
    if (this.tokens.answersOnly(tableId)) {
      this.log.debug({ tableId, messageId }, 'no live token can edit this message: left as it is');
      return;
    }
    await this.call(tableId, (channel) => channel.messages.edit(messageId, payload));
  }

  /** A message an interaction posted as its own reply (a lobby, `/guts table`): edited through its token too. */
  adopt(messageId: string, via: TokenHandle): void {
    this.remember(messageId, via);
  }

  /**
   * A press acknowledged as an update of the message it is on (types 6, 7): its token
   * may edit that message (`@original`). Used where the token that posted it is gone (a
   * restart, 15 minutes) and only tokens may edit: where the bot only answers interactions.
   */
  pressedOn(tableId: number, messageId: string, via: TokenHandle): void {
    const poster = this.postedBy.get(messageId);
    if (this.tokens.answersOnly(tableId) && !(poster && this.tokens.alive(poster))) this.remember(messageId, via);
  }

  /** Remembers who posted a message, forgetting those whose tokens have run out. */
  private remember(messageId: string, via: TokenHandle): void {
    // Oldest posts first, so the dead ones are mostly at the front; one left behind is
    // still checked before it is used.
    for (const [id, handle] of this.postedBy) {
      if (this.tokens.alive(handle)) break;
      this.postedBy.delete(id);
    }
    this.postedBy.set(messageId, via);
  }

  /** Cache sizes: messages whose posting token is remembered, and channels with follow-up budget used this minute. */
  get sizes(): { postedBy: number; budgets: number } {
    return { postedBy: this.postedBy.size, budgets: this.webhookPosts.channels };
  }

  /** A channel that refused the bot is not called again, on any route. */
  private isLost(tableId: number): boolean {
    const channelId = this.tables.placeOf(tableId)?.channelId;
    return !channelId || this.lost.isLost(channelId);
  }

  /** Any other request to Discord that belongs in the lane (a follow-up with private cards). */
  run<T>(work: () => Promise<T>): Promise<T> {
    return this.lane.run(work);
  }

  /** One channel call, watched: a channel that answers "no access" is not called again (blocked-channels.ts). */
  private async call<T>(tableId: number, work: (channel: TableChannel) => Promise<T>): Promise<T> {
    const place = this.tables.placeOf(tableId);
    if (!place) throw new Error(`table ${tableId} is not loaded`);
    const channelId = place.channelId;
    this.lost.check(channelId);
    try {
      await this.guildReady(place.guildId);
      const channel = await this.channelOf(channelId);
      const result = await this.lane.run(async () => {
        try {
          return await work(channel);
        } catch (err) {
          // Discord archives a quiet thread: a game there brings it back and goes on
          // (a locked one stays archived, and its table is lost).
          if (!isArchivedThread(err) || !channel.isThread() || channel.locked) throw err;
          await channel.setArchived(false, 'a game of guts is being played here');
          return await work(channel);
        }
      });
      this.lost.succeeded(tableId);
      return result;
    } catch (err) {
      this.lost.failed(tableId, channelId, err);
      throw err;
    }
  }

  private async channelOf(channelId: string): Promise<TableChannel> {
    const channel = await this.client.channels.fetch(channelId);
    if (!channel?.isSendable() || !('messages' in channel)) throw new Error(`channel ${channelId} is not sendable`);
    return channel as TableChannel;
  }
}

type TableChannel = SendableChannels & { messages: MessageManager };

/** A post waiting for a token, and the caller waiting for it. */
interface HeldPost {
  payload: WebhookMessage;
  editable: boolean;
  resolve: (message: PostedMessage) => void;
  reject: (err: unknown) => void;
}

/**
 * Public follow-ups a channel gets a minute before the rest go through channel calls.
 * Discord does not publish it, but webhook messages meet a hidden per-channel limit of
 * about 30 a minute, answered with a 429 that waits 40 s or more (discord-api-docs
 * #1454, #2701, #4043, #7243): a table's output stuck that long would lose its deals.
 * Players press slower than this; only a table dealing every few seconds reaches it.
 * (The local Discord enforces 30 a minute; the e2e "quick table" test stalls on it without this budget.)
 */
export const PUBLIC_FOLLOW_UPS_PER_MINUTE = 20;

/** At most `limit` uses per channel in any `windowMs` (a sliding window of timestamps). */
export class PerChannelBudget {
  private readonly used = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Channels it holds uses for. */
  get channels(): number {
    return this.used.size;
  }

  /** Uses one if the channel has one left now. */
  take(channelId: string, now: number): boolean {
    if (this.used.size > 1_000) this.forgetQuiet(now);
    const recent = (this.used.get(channelId) ?? []).filter((t) => now - t < this.windowMs);
    const allowed = recent.length < this.limit;
    if (allowed) recent.push(now);
    if (recent.length) this.used.set(channelId, recent);
    else this.used.delete(channelId);
    return allowed;
  }

  /** Channels with nothing in the window are forgotten, so quiet ones cost nothing. */
  private forgetQuiet(now: number): void {
    for (const [channelId, uses] of this.used) {
      if (uses.every((t) => now - t >= this.windowMs)) this.used.delete(channelId);
    }
  }
}

const isArchivedThread = (err: unknown) =>
  err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.InvalidActionOnArchivedThread;
