import { TokenBucket } from './limits.ts';

/**
 * How often reactions may float over a table. Each one reaches every page of the channel,
 * so both ends are bounded: a socket's own reactions (a person reacts a few times in a
 * moment, then now and then), and a channel's together, which is what any one page of
 * it may be sent, however many pages react. Past either, a reaction is dropped unsent
 * (nothing is answered: a reaction has no answer), and counts as a refused message, so a
 * socket that floods on is closed as one that floods presses is.
 */
export interface ReactionLimits {
  socketBurst: number;
  socketPerSecond: number;
  channelBurst: number;
  channelPerSecond: number;
}

export const REACTION_LIMITS: ReactionLimits = {
  socketBurst: 3,
  socketPerSecond: 0.5,
  channelBurst: 10,
  channelPerSecond: 3,
};

export class ReactionGate {
  private readonly channels = new Map<string, TokenBucket>();

  constructor(private readonly limits: ReactionLimits = REACTION_LIMITS) {}

  /** A socket's own bucket, made when it attaches. */
  socketBucket(now: number): TokenBucket {
    return new TokenBucket(this.limits.socketBurst, this.limits.socketPerSecond, now);
  }

  /** Whether one more reaction from `socket` may go to `channelId`'s pages now (a token taken from both if so). */
  allow(channelId: string, socket: TokenBucket, now: number): boolean {
    let channel = this.channels.get(channelId);
    if (!channel)
      this.channels.set(
        channelId,
        (channel = new TokenBucket(this.limits.channelBurst, this.limits.channelPerSecond, now)),
      );
    if (!socket.available(now) || !channel.available(now)) return false;
    socket.take();
    channel.take();
    return true;
  }

  /** The channel's last page went: nothing to remember of it. */
  forget(channelId: string): void {
    this.channels.delete(channelId);
  }
}
