import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
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
  if (!trustedProxies.includes(socketAddress)) return addressKey(socketAddress);
  const forwarded = request.headers['x-forwarded-for'];
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? '')).split(',');
  return addressKey(list.at(-1)?.trim() || socketAddress);
}

/**
 * The key of an address's buckets: an IPv4 address as it is (an IPv4-mapped IPv6 one as
 * its IPv4), an IPv6 address by its /64 (one host is given a whole /64: by address alone
 * it would have 2^64 buckets).
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1] as string;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
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

/** How long a request may wait for its turn before it is answered 429 instead. */
export const GATE_WAIT_MS = 5_000;

/**
 * At most `inFlight` calls run at once; up to `waiting` more wait their turn (a burst of
 * players signing in together), each at most `waitMs`; past that, 429 at once. Bounded
 * both ways: a flood never queues without end, and never on the bot's REST budget.
 */
export class Gate {
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly inFlight: number,
    private readonly waiting: number,
    private readonly waitMs = GATE_WAIT_MS,
  ) {}

  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.running >= this.inFlight) await this.turn();
    this.running++;
    try {
      return await call();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }

  /** Calls running and waiting: an idle gate (0) may be forgotten. */
  get load(): number {
    return this.running + this.queue.length;
  }

  private turn(): Promise<void> {
    if (this.queue.length >= this.waiting) return Promise.reject(new HttpRefusal(429, 'busy'));
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = this.queue.indexOf(go);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new HttpRefusal(429, 'busy'));
      }, this.waitMs);
      this.queue.push(go);
    });
  }
}

/**
 * The Activity's calls to Discord through one gate (`inFlight` at once, `waiting` more
 * waiting): one more is refused (429, the page tries again) rather than queued behind the
 * bot's one REST budget, which every chat table's calls share.
 */
export function gatedDiscord(
  discord: ActivityDiscord,
  inFlight: number,
  waiting: number,
  waitMs = GATE_WAIT_MS,
  rate: { perSecond: number; burst: number; now: () => number } = { perSecond: 10, burst: 20, now: Date.now },
): ActivityDiscord & { load(): number } {
  const gate = new Gate(inFlight, waiting, waitMs);
  // In flight is not a rate: 8 calls of ~150 ms are ~50/s, discord.js's whole global budget. Calls per second are bounded too.
  const bucket = new TokenBucket(rate.burst, rate.perSecond, rate.now());
  const paced = <T>(call: () => Promise<T>): Promise<T> =>
    gate.run(() => {
      if (!bucket.available(rate.now())) return Promise.reject(new HttpRefusal(429, 'discord-rate'));
      bucket.take();
      return call();
    });
  return {
    userOfCode: (code) => paced(() => discord.userOfCode(code)),
    instance: (instanceId) => paced(() => discord.instance(instanceId)),
    load: () => gate.load,
  };
}

/**
 * A gate per key (an address): one origin's requests hold at most their share of the
 * Discord calls in flight, and a player from elsewhere still finds room.
 */
export class GateByKey {
  private readonly gates = new Map<string, Gate>();

  constructor(
    private readonly inFlight: number,
    private readonly waiting: number,
    private readonly waitMs = GATE_WAIT_MS,
  ) {}

  async run<T>(key: string, call: () => Promise<T>): Promise<T> {
    let gate = this.gates.get(key);
    if (!gate) this.gates.set(key, (gate = new Gate(this.inFlight, this.waiting, this.waitMs)));
    try {
      return await gate.run(call);
    } finally {
      if (gate.load === 0) this.gates.delete(key);
    }
  }
}

/**
 * Tickets issued and not yet used, per user: at most `cap` at once (each opens a socket;
 * nobody needs more than a few). A ticket leaves when its socket opens here or it expires.
 */
export class WaitingTickets {
  /** Users who never come back would stay for ever: the least recently seen are forgotten past `users`. */
  private readonly byUser: LruCache<string, Map<string, number>>;

  constructor(
    private readonly cap: number,
    users = 10_000,
  ) {
    this.byUser = new LruCache(users);
  }

  /** Users remembered now. */
  get size(): number {
    return this.byUser.size;
  }

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
