import { DiscordAPIError, RESTJSONErrorCodes } from 'discord.js';
import { LruCache } from '../lru.ts';

/**
 * Channels the bot can no longer post in. Discord bans a bot's IP for a while after
 * 10,000 invalid requests (401, 403, 429) in 10 minutes, so once a channel answers
 * "missing access" or "missing permissions", or is gone, the bot stops calling it at
 * once (every later call fails here, without a request) and the table is stopped.
 * Calls that keep failing for other reasons stop the table too, after a few in a row.
 */

export type LostReason = 'no-permission' | 'gone' | 'failing';

/** Failed channel calls in a row (of any other kind) before a table is given up. */
export const FAILED_CALLS_TO_STOP = 3;

const REASON_BY_CODE: Partial<Record<number, LostReason>> = {
  [RESTJSONErrorCodes.MissingAccess]: 'no-permission',
  [RESTJSONErrorCodes.MissingPermissions]: 'no-permission',
  [RESTJSONErrorCodes.UnknownChannel]: 'gone',
  [RESTJSONErrorCodes.UnknownGuild]: 'gone',
  [RESTJSONErrorCodes.InvalidActionOnArchivedThread]: 'gone',
};

/** A channel call refused without asking Discord: the channel is known to be lost. */
export class ChannelLostError extends Error {
  constructor(
    readonly channelId: string,
    readonly reason: LostReason,
  ) {
    super(`channel ${channelId} is lost (${reason})`);
    this.name = 'ChannelLostError';
  }
}

/**
 * Lost channels remembered: a bot in many servers loses channels for as long as it runs.
 * One forgotten past this is tried again once, and found lost again.
 */
export const BLOCKED_CHANNELS_KEPT = 10_000;

export class BlockedChannels {
  private readonly lost = new LruCache<string, LostReason>(BLOCKED_CHANNELS_KEPT);
  /** Per table; a table that ends failing leaves its count here until pushed out. */
  private readonly failuresInARow = new LruCache<number, number>(BLOCKED_CHANNELS_KEPT);

  /** `onLost` runs once per table whose channel is lost (the bot stops the game). */
  constructor(private readonly onLost: (tableId: number, reason: LostReason) => void) {}

  /** Throws for a lost channel, so no request is made. */
  check(channelId: string): void {
    const reason = this.lost.peek(channelId);
    if (reason) throw new ChannelLostError(channelId, reason);
  }

  isLost(channelId: string): boolean {
    return this.lost.peek(channelId) !== undefined;
  }

  succeeded(tableId: number): void {
    this.failuresInARow.delete(tableId);
  }

  /** Looks at a failed channel call; the error still reaches the caller. */
  failed(tableId: number, channelId: string, err: unknown): void {
    if (err instanceof ChannelLostError) return;
    const code = err instanceof DiscordAPIError && typeof err.code === 'number' ? err.code : null;
    const reason = code !== null ? REASON_BY_CODE[code] : undefined;
    if (reason) {
      this.markLost(tableId, channelId, reason);
      return;
    }
    // A table message someone deleted: the game goes on (`/guts table` posts it again).
    if (code === RESTJSONErrorCodes.UnknownMessage) return;
    const failures = (this.failuresInARow.peek(tableId) ?? 0) + 1;
    this.failuresInARow.set(tableId, failures);
    if (failures >= FAILED_CALLS_TO_STOP) this.markLost(tableId, channelId, 'failing');
  }

  /** The channel is gone (deleted, or the bot left the server): its table stops. */
  markLost(tableId: number | null, channelId: string, reason: LostReason): void {
    if (this.lost.peek(channelId) !== undefined) return;
    this.lost.set(channelId, reason);
    if (tableId !== null) {
      this.failuresInARow.delete(tableId);
      this.onLost(tableId, reason);
    }
  }

  /** Cache sizes: channels known lost, tables with failed calls in a row. */
  get sizes(): { lost: number; failing: number; capacity: number } {
    return { lost: this.lost.size, failing: this.failuresInARow.size, capacity: BLOCKED_CHANNELS_KEPT };
  }

  /** A new game may try the channel again (`/guts start` checked the permissions first). */
  reopen(channelId: string): void {
    this.lost.delete(channelId);
  }
}
