import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import { SOURCE_LOCALE } from '../i18n/index.ts';
import { answersOnly, FollowUpsSpentError } from './install.ts';
import {
  editWebhookMessage,
  type PostedMessage,
  postFollowUp,
  type WebhookMessage,
  type WebhookToken,
  webhookToken,
} from './webhook-messages.ts';

/**
 * Discord: an interaction takes at most 5 follow-ups where only a user install brings
 * the app (a group DM, a server that never invited the bot). Edits do not count.
 */
export const FOLLOW_UPS_ANSWERS_ONLY = 5;

/** An acknowledged interaction, as handlers hand it over. */
export type AnsweredInteraction = MessageComponentInteraction | ChatInputCommandInteraction;

/**
 * What the bot keeps of an interaction to use its token later: the token, its
 * channel and when it was issued. Not the interaction itself, which holds its message,
 * components, member and mentions (kilobytes each, kept for 15 minutes per press). Whether
 * its own reply is still "thinking" is asked of the interaction while something else
 * (its handler) still holds it: once it is gone, its handler has answered.
 */
export class TokenHandle {
  readonly via: WebhookToken;
  readonly channelId: string | null;
  /** The language of the presser's Discord client: their private messages are written in it. */
  readonly locale: string;
  /** Only a user install brings the app where this interaction came from (see `answersOnly`). */
  readonly answersOnly: boolean;
  /** Follow-ups the token may still make (counted here: Discord answers a 6th with 40094). */
  private followUpsLeft: number;
  private readonly interaction: WeakRef<AnsweredInteraction>;

  constructor(
    interaction: AnsweredInteraction,
    /** When the bot first kept it: a token's age. */
    readonly issuedAt: number,
  ) {
    this.via = webhookToken(interaction.client, interaction.applicationId, interaction.token);
    this.channelId = interaction.channelId;
    this.locale = interaction.locale;
    this.answersOnly = answersOnly(interaction);
    this.followUpsLeft = this.answersOnly ? FOLLOW_UPS_ANSWERS_ONLY : Number.POSITIVE_INFINITY;
    this.interaction = new WeakRef(interaction);
  }

  /** A follow-up message through the token (what `interaction.followUp` does); refused once its follow-ups are spent. */
  followUp(payload: WebhookMessage): Promise<PostedMessage> {
    if (this.followUpsLeft < 1) return Promise.reject(new FollowUpsSpentError());
    this.followUpsLeft -= 1;
    return postFollowUp(this.via, payload);
  }

  /** Edits a message the token posted, or its interaction's own reply ('@original'). */
  edit(messageId: string, payload: WebhookMessage): Promise<void> {
    return editWebhookMessage(this.via, messageId, payload);
  }

  /**
   * Posts its interaction's deferred reply (what `interaction.editReply` does, without a
   * Message built from the answer), and records it as discord.js would: the error
   * boundary and `awaitsReply` read `replied`.
   */
  async editReply(payload: WebhookMessage): Promise<void> {
    await editWebhookMessage(this.via, '@original', payload);
    const interaction = this.interaction.deref();
    if (interaction) interaction.replied = true;
  }

  /** How many more follow-ups the token may make. */
  get followUps(): number {
    return this.followUpsLeft;
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
  /** Tables played where the bot only answers interactions: never a channel call there. */
  private readonly answering = new Set<number>();

  constructor(
    readonly now: () => number,
    /** How long a token is used after it was issued (TOKEN_FRESH_MS; a soak shortens it to reach its horizon sooner). */
    private readonly freshMs = TOKEN_FRESH_MS,
  ) {}

  /** Keeps the player's interaction as their newest way in; returns its handle (the same one for the same interaction). */
  remember(tableId: number, userId: string, interaction: AnsweredInteraction): TokenHandle {
    const handle = this.handleOf(interaction);
    if (handle.answersOnly) this.answering.add(tableId);
    else this.answering.delete(tableId); // an admin added the bot since
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
   * public messages, and the longest life left to edit them in. One that has a single
   * follow-up left is kept for its presser's private cards while a younger-or-older
   * one has more.
   */
  newest(tableId: number): TokenHandle | null {
    return this.youngest(tableId, 2) ?? this.youngest(tableId, 1);
  }

  private youngest(tableId: number, followUps: number): TokenHandle | null {
    let best: TokenHandle | null = null;
    for (const kept of this.latest.get(tableId)?.values() ?? []) {
      for (const h of kept) {
        if (this.usable(h) && h.followUps >= followUps && (!best || h.issuedAt > best.issuedAt)) best = h;
      }
    }
    return best;
  }

  /** After a restart, before any press: the table's place is one where the bot only answers interactions. */
  markAnswersOnly(tableId: number): void {
    this.answering.add(tableId);
  }

  /** The table is played where the bot only answers interactions (as its latest press said). */
  answersOnly(tableId: number): boolean {
    return this.answering.has(tableId);
  }

  /** Whether a token still has time to make a call (it may have been forgotten since). */
  alive(handle: TokenHandle): boolean {
    return this.now() - handle.issuedAt < this.freshMs;
  }

  /** Forgets the table's tokens (those issued up to `issuedUpTo`, when given). */
  forget(tableId: number, issuedUpTo = Number.POSITIVE_INFINITY): void {
    const players = this.latest.get(tableId);
    if (!players) return;
    for (const [userId, kept] of players) {
      const younger = kept.filter((h) => h.issuedAt > issuedUpTo);
      if (younger.length) players.set(userId, younger);
      else players.delete(userId);
    }
    if (!players.size) this.latest.delete(tableId);
  }

  /** Handles kept, over every table and player (a table that ends forgets its own). */
  get size(): number {
    let n = 0;
    for (const players of this.latest.values()) for (const kept of players.values()) n += kept.length;
    return n;
  }

  private usable(handle: TokenHandle): boolean {
    return this.alive(handle) && !handle.awaitsReply && handle.followUps >= 1;
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
