import type { IncomingMessage } from 'node:http';
import { LruCache } from '../lru.ts';
import type { ActivityDiscord } from './discord-api.ts';
import { TokenBucket } from './limits.ts';

/** A request answered with a status and a reason, changing nothing. */
export class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * An Activity instance id as Discord makes them: `i-{launch id}-gc-{guild id}-{channel id}`
 * in a server's channel, `i-{launch id}-pc-{channel id}` in a DM or group DM. Anything
 * else is refused before Discord is asked about it.
 */
const INSTANCE_ID = /^i-\d{1,20}-(?:gc-\d{1,20}-\d{1,20}|pc-\d{1,20})$/;

export const isInstanceId = (text: string): boolean => INSTANCE_ID.test(text);

/**
 * Who sent a request, for its address's bucket: the socket's address, or where that is
 * one of the operator's own reverse proxies, the last address its `X-Forwarded-For` names
 * (the one the proxy itself added; what a client writes there is never trusted alone).
 */
export function clientAddress(request: IncomingMessage, trustedProxies: readonly string[]): string {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  if (!trustedProxies.includes(socketAddress)) return socketAddress;
  const forwarded = request.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  return list.at(-1)?.trim() || socketAddress;
}

/** Token buckets by key (an address, a user), the least recently used forgotten past `capacity`. */
export class KeyedBuckets {
  private readonly buckets: LruCache<string, TokenBucket>;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    capacity = 10_000,
  ) {
    this.buckets = new LruCache(capacity);
  }

  /** Takes a token from `key`'s bucket; false when it has none left. */
  take(key: string, now: number): boolean {
    let bucket = this.buckets.get(key);
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.burst, this.perSecond, now)));
    if (!bucket.available(now)) return false;
    bucket.take();
    return true;
  }
}

/**
 * The Activity's calls to Discord, at most `limit` in flight at once: one more is refused
 * (429, the page tries again) rather than queued behind the bot's one REST budget, which
 * every chat table's calls share.
 */
export function gatedDiscord(discord: ActivityDiscord, limit: number): ActivityDiscord & { inFlight(): number } {
  let inFlight = 0;
  const gated = async <T>(call: () => Promise<T>): Promise<T> => {
    if (inFlight >= limit) throw new HttpRefusal(429, 'busy');
    inFlight++;
    try {
      return await call();
    } finally {
      inFlight--;
    }
  };
  return {
    userOfCode: (code) => gated(() => discord.userOfCode(code)),
    instance: (instanceId) => gated(() => discord.instance(instanceId)),
    inFlight: () => inFlight,
  };
}

/**
 * Requests in flight per key (an address): at most `cap` each, so one origin's flood holds
 * no more than its share of the Discord calls in flight and a player from elsewhere still
 * finds room. `enter` is false when the key has no room; every `true` is matched by `leave`.
 */
export class InFlightByKey {
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  enter(key: string): boolean {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.cap) return false;
    this.counts.set(key, count + 1);
    return true;
  }

  leave(key: string): void {
    const count = (this.counts.get(key) ?? 1) - 1;
    if (count > 0) this.counts.set(key, count);
    else this.counts.delete(key);
  }
}

/**
 * Tickets issued and not yet used, per user: at most `cap` at once (each opens a socket;
 * nobody needs more than a few). A ticket leaves when its socket opens here or it expires.
 */
export class WaitingTickets {
  private readonly byUser = new Map<string, Map<string, number>>();

  constructor(private readonly cap: number) {}

  hasRoom(userId: string, now: number): boolean {
    const waiting = this.byUser.get(userId);
    if (!waiting) return true;
    for (const [ticket, expiresAt] of waiting) if (expiresAt <= now) waiting.delete(ticket);
    if (waiting.size === 0) this.byUser.delete(userId);
    return waiting.size < this.cap;
  }

  issued(userId: string, ticket: string, expiresAt: number): void {
    let waiting = this.byUser.get(userId);
    if (!waiting) this.byUser.set(userId, (waiting = new Map()));
    waiting.set(ticket, expiresAt);
  }

  used(userId: string, ticket: string): void {
    const waiting = this.byUser.get(userId);
    waiting?.delete(ticket);
    if (waiting?.size === 0) this.byUser.delete(userId);
  }
}
