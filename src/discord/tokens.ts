import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';

/** An acknowledged interaction whose token can still carry ephemeral follow-ups. */
export type ReplyHandle = MessageComponentInteraction | ChatInputCommandInteraction;

/**
 * Ephemeral messages exist only as answers to a user's own interaction (DESIGN.md
 * "Private cards"), so the bot keeps each player's latest acknowledged interaction
 * per table. Tokens live 15 minutes; 14 leaves a margin for the send itself.
 */
export const TOKEN_FRESH_MS = 14 * 60 * 1000;

/** The interactions kept per player: the latest, and the one before it to fall back on. */
const KEPT = 2;

export class ReplyTokens {
  private readonly latest = new Map<string, { handle: ReplyHandle; at: number }[]>();

  constructor(private readonly now: () => number) {}

  remember(tableId: number, userId: string, handle: ReplyHandle): void {
    const key = `${tableId}:${userId}`;
    const kept = (this.latest.get(key) ?? []).filter((e) => e.handle !== handle);
    this.latest.set(key, [{ handle, at: this.now() }, ...kept].slice(0, KEPT));
  }

  /**
   * The player's newest interaction that can carry a private follow-up now: young
   * enough, and with its reply posted (else the one before it).
   */
  fresh(tableId: number, userId: string): ReplyHandle | null {
    const kept = this.latest.get(`${tableId}:${userId}`) ?? [];
    const usable = kept.find((e) => this.now() - e.at < TOKEN_FRESH_MS && !awaitsDeferredReply(e.handle));
    return usable?.handle ?? null;
  }

  forget(tableId: number): void {
    for (const key of this.latest.keys()) if (key.startsWith(`${tableId}:`)) this.latest.delete(key);
  }
}

/**
 * A deferred reply ("thinking…", type 5) not posted yet. Discord turns the first
 * follow-up on such an interaction into that reply itself, ignoring the ephemeral flag:
 * private cards sent there would be public. (A deferred update, type 6, has no reply of
 * its own to replace; discord.js leaves its `ephemeral` null.)
 */
export function awaitsDeferredReply(handle: ReplyHandle): boolean {
  return handle.deferred && !handle.replied && handle.ephemeral !== null;
}
