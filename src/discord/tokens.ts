import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';
import { SOURCE_LOCALE } from '../i18n/index.ts';

/** An acknowledged interaction whose token can still carry follow-ups. */
export type ReplyHandle = MessageComponentInteraction | ChatInputCommandInteraction;

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
  private readonly latest = new Map<number, Map<string, ReplyHandle[]>>();
  /** When each kept interaction was remembered: a token's age, for as long as anything holds the handle. */
  private readonly since = new WeakMap<ReplyHandle, number>();

  constructor(private readonly now: () => number) {}

  remember(tableId: number, userId: string, handle: ReplyHandle): void {
    let players = this.latest.get(tableId);
    if (!players) this.latest.set(tableId, (players = new Map()));
    if (!this.since.has(handle)) this.since.set(handle, this.now());
    const kept = (players.get(userId) ?? []).filter((h) => h !== handle);
    players.set(userId, [handle, ...kept].slice(0, KEPT));
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
  fresh(tableId: number, userId: string): ReplyHandle | null {
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
  newest(tableId: number): ReplyHandle | null {
    let best: ReplyHandle | null = null;
    for (const kept of this.latest.get(tableId)?.values() ?? []) {
      const h = kept.find((k) => this.usable(k));
      if (h && (!best || (this.since.get(h) ?? 0) > (this.since.get(best) ?? 0))) best = h;
    }
    return best;
  }

  /** Whether a remembered interaction's token still has time to make a call (it may have been forgotten since). */
  alive(handle: ReplyHandle): boolean {
    const at = this.since.get(handle);
    return at !== undefined && this.now() - at < TOKEN_FRESH_MS;
  }

  forget(tableId: number): void {
    this.latest.delete(tableId);
  }

  private usable(handle: ReplyHandle): boolean {
    return this.alive(handle) && !awaitsDeferredReply(handle);
  }
}

/**
 * A deferred reply ("thinking…", type 5) not posted yet. Discord turns the first
 * follow-up on such an interaction into that reply itself, ignoring the ephemeral flag:
 * private cards sent there would be public, and a public message would become a
 * private one. (A deferred update, type 6, has no reply of its own to replace;
 * discord.js leaves its `ephemeral` null.)
 */
export function awaitsDeferredReply(handle: ReplyHandle): boolean {
  return handle.deferred && !handle.replied && handle.ephemeral !== null;
}
