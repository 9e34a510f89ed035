import {
  type ChatInputCommandInteraction,
  type InteractionReplyOptions,
  InteractionWebhook,
  type Message,
  type MessageComponentInteraction,
} from 'discord.js';
import { SOURCE_LOCALE } from '../i18n/index.ts';

/** An acknowledged interaction, as handlers hand it over. */
export type AnsweredInteraction = MessageComponentInteraction | ChatInputCommandInteraction;

/**
 * What the bot keeps of an interaction to use its token later: the token's webhook, its
 * channel and when it was issued. Not the interaction itself, which holds its message,
 * components, member and mentions (kilobytes each, kept for 15 minutes per press). Whether
 * its own reply is still "thinking" is asked of the interaction while something else
 * (its handler) still holds it: once it is gone, its handler has answered.
 */
export class TokenHandle {
  readonly webhook: InteractionWebhook;
  readonly channelId: string | null;
  /** The language of the presser's Discord client: their private messages are written in it. */
  readonly locale: string;
  private readonly interaction: WeakRef<AnsweredInteraction>;

  constructor(
    interaction: AnsweredInteraction,
    /** When the bot first kept it: a token's age. */
    readonly issuedAt: number,
  ) {
    this.webhook = new InteractionWebhook(interaction.client, interaction.applicationId, interaction.token);
    this.channelId = interaction.channelId;
    this.locale = interaction.locale;
    this.interaction = new WeakRef(interaction);
  }

  /** A follow-up message through the token (what `interaction.followUp` does). */
  followUp(payload: InteractionReplyOptions): Promise<Message> {
    return this.webhook.send(payload);
  }

  /** Its interaction's own reply is a deferred one not posted yet (see `awaitsDeferredReply`). */
  get awaitsReply(): boolean {
    const interaction = this.interaction.deref();
    return interaction ? awaitsDeferredReply(interaction) : false;
  }
}

/**
 * Ephemeral messages exist only as answers to a user's own interaction (Discord's rule),
 * so the bot keeps each player's latest acknowledged interaction
 * per table. The same tokens carry the table's public messages: calls on an
 * interaction token are outside Discord's global limit of 50 requests a second per
 * bot. Tokens live 15 minutes; 14 leaves a margin for the send itself.
 */
export const TOKEN_FRESH_MS = 14 * 60 * 1000;

/** The interactions kept per player: the latest, and the one before it to fall back on. */
const KEPT = 2;

export class ReplyTokens {
  /** Per table, per player, newest first. */
  private readonly latest = new Map<number, Map<string, TokenHandle[]>>();
  /** The handle made for each interaction, while anything holds the interaction. */
  private readonly handles = new WeakMap<AnsweredInteraction, TokenHandle>();

  constructor(private readonly now: () => number) {}

  /** Keeps the player's interaction as their newest way in; returns its handle (the same one for the same interaction). */
  remember(tableId: number, userId: string, interaction: AnsweredInteraction): TokenHandle {
    const handle = this.handleOf(interaction);
    let players = this.latest.get(tableId);
    if (!players) this.latest.set(tableId, (players = new Map()));
    const kept = (players.get(userId) ?? []).filter((h) => h !== handle);
    players.set(userId, [handle, ...kept].slice(0, KEPT));
    return handle;
  }

  /** The handle of an interaction, made the first time it is asked for. */
  handleOf(interaction: AnsweredInteraction): TokenHandle {
    let handle = this.handles.get(interaction);
    if (!handle) this.handles.set(interaction, (handle = new TokenHandle(interaction, this.now())));
    return handle;
  }

  /**
   * The language the player's Discord client spoke on their latest press at this table:
   * their private messages are written in it (en-US for a player who pressed nothing).
   */
  localeOf(tableId: number, userId: string): string {
    return this.latest.get(tableId)?.get(userId)?.[0]?.locale ?? SOURCE_LOCALE;
  }

  /**
   * The player's newest interaction that can carry a private follow-up now: young
   * enough, and with its reply posted (else the one before it).
   */
  fresh(tableId: number, userId: string): TokenHandle | null {
    return (
      this.latest
        .get(tableId)
        ?.get(userId)
        ?.find((h) => this.usable(h)) ?? null
    );
  }

  /**
   * The table's youngest usable interaction, whoever pressed: it carries the table's
   * public messages, and the longest life left to edit them in.
   */
  newest(tableId: number): TokenHandle | null {
    let best: TokenHandle | null = null;
    for (const kept of this.latest.get(tableId)?.values() ?? []) {
      const h = kept.find((k) => this.usable(k));
      if (h && (!best || h.issuedAt > best.issuedAt)) best = h;
    }
    return best;
  }

  /** Whether a token still has time to make a call (it may have been forgotten since). */
  alive(handle: TokenHandle): boolean {
    return this.now() - handle.issuedAt < TOKEN_FRESH_MS;
  }

  forget(tableId: number): void {
    this.latest.delete(tableId);
  }

  /** Handles kept, over every table and player (a table that ends forgets its own). */
  get size(): number {
    let n = 0;
    for (const players of this.latest.values()) for (const kept of players.values()) n += kept.length;
    return n;
  }

  private usable(handle: TokenHandle): boolean {
    return this.alive(handle) && !handle.awaitsReply;
  }
}

/**
 * A deferred reply ("thinking…", type 5) not posted yet. Discord turns the first
 * follow-up on such an interaction into that reply itself, ignoring the ephemeral flag:
 * private cards sent there would be public, and a public message would become a
 * private one. (A deferred update, type 6, has no reply of its own to replace;
 * discord.js leaves its `ephemeral` null.)
 */
export function awaitsDeferredReply(handle: AnsweredInteraction): boolean {
  return handle.deferred && !handle.replied && handle.ephemeral !== null;
}
