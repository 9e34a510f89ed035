import type { ChatInputCommandInteraction, MessageComponentInteraction } from 'discord.js';

/** An acknowledged interaction whose token can still carry ephemeral follow-ups. */
export type ReplyHandle = MessageComponentInteraction | ChatInputCommandInteraction;

/**
 * Ephemeral messages exist only as answers to a user's own interaction (DESIGN.md
 * "Private cards"), so the bot keeps each player's latest acknowledged interaction
 * per table. Tokens live 15 minutes; 14 leaves a margin for the send itself.
 */
export const TOKEN_FRESH_MS = 14 * 60 * 1000;

export class ReplyTokens {
  private readonly latest = new Map<string, { handle: ReplyHandle; at: number }>();

  constructor(private readonly now: () => number) {}

  remember(tableId: number, userId: string, handle: ReplyHandle): void {
    this.latest.set(`${tableId}:${userId}`, { handle, at: this.now() });
  }

  /** The player's latest interaction if it is young enough to follow up on, and its reply is posted. */
  fresh(tableId: number, userId: string): ReplyHandle | null {
    const entry = this.latest.get(`${tableId}:${userId}`);
    if (!entry || awaitsDeferredReply(entry.handle)) return null;
    if (this.now() - entry.at >= TOKEN_FRESH_MS) {
      this.latest.delete(`${tableId}:${userId}`);
      return null;
    }
    return entry.handle;
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
