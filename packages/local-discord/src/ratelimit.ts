import { createHash } from 'node:crypto';

/** At most `limit` requests per `windowMs`, counted from the window's first request. */
export interface BucketRule {
  limit: number;
  windowMs: number;
}

/**
 * Rate limits: per-route buckets (keyed by route and major parameter, as Discord does)
 * and the per-bot global limit. `null` turns one off: the load bench runs without
 * them, tests of 429 handling run with tight ones.
 */
export interface RateLimitConfig {
  buckets: Record<BucketName, BucketRule | null>;
  /** Requests per second across all routes except interaction callbacks and webhooks. */
  globalPerSecond: number | null;
}

export type BucketName =
  | 'message-create'
  | 'message-edit'
  | 'message-delete'
  | 'message-read'
  | 'webhook'
  | 'webhook-channel'
  | 'commands-write'
  | 'default';

/**
 * Discord's observed limits (it publishes none; these are what its headers report for
 * a small bot). Interaction callbacks have no bucket, like the real ones.
 */
export const discordRateLimits: RateLimitConfig = {
  buckets: {
    'message-create': { limit: 5, windowMs: 5000 },
    'message-edit': { limit: 5, windowMs: 5000 },
    'message-delete': { limit: 5, windowMs: 1000 },
    'message-read': { limit: 50, windowMs: 1000 },
    webhook: { limit: 5, windowMs: 2000 },
    // Public webhook messages (interaction follow-ups included) a channel takes a minute,
    // from every webhook together. Never in the headers: Discord's staff called it "a
    // limit to the channel itself" (discord-api-docs #367); bots meet it as a 429 that
    // waits 40 s or more (#1454, #2701, #4043, #7243).
    'webhook-channel': { limit: 30, windowMs: 60_000 },
    'commands-write': { limit: 2, windowMs: 20000 },
    default: { limit: 50, windowMs: 1000 },
  },
  globalPerSecond: 50,
};

export const noRateLimits: RateLimitConfig = {
  buckets: {
    'message-create': null,
    'message-edit': null,
    'message-delete': null,
    'message-read': null,
    webhook: null,
    'webhook-channel': null,
    'commands-write': null,
    default: null,
  },
  globalPerSecond: null,
};

/** What a rate-limited request learns: headers for every answer, and whether it may proceed. */
export interface RateLimitVerdict {
  allowed: boolean;
  /** True when the global limit (not the route's bucket) refused the request. */
  global: boolean;
  retryAfterMs: number;
  headers: Record<string, string>;
}

interface Window {
  startedAt: number;
  used: number;
}

/** Milliseconds as the seconds Discord writes in rate-limit headers (millisecond precision). */
export const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Fixed-window counters per bucket and major parameter, plus the global one. */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private globalWindow: Window = { startedAt: 0, used: 0 };

  constructor(
    private config: RateLimitConfig,
    private readonly now: () => number = Date.now,
  ) {}

  configure(config: RateLimitConfig): void {
    this.config = config;
    this.windows.clear();
  }

  /**
   * Counts one request to `bucket` for `majorParameter`. `exemptFromGlobal` is true for
   * interaction callbacks and interaction webhooks, which Discord leaves out of the
   * global limit.
   */
  take(bucket: BucketName, majorParameter: string, exemptFromGlobal: boolean): RateLimitVerdict {
    const now = this.now();
    if (!exemptFromGlobal && this.config.globalPerSecond !== null) {
      const g = this.advance(this.globalWindow, now, 1000);
      if (g.used >= this.config.globalPerSecond) {
        const retryAfterMs = g.startedAt + 1000 - now;
        return {
          allowed: false,
          global: true,
          retryAfterMs,
          headers: {
            'Retry-After': seconds(retryAfterMs),
            'X-RateLimit-Global': 'true',
            'X-RateLimit-Scope': 'global',
          },
        };
      }
      g.used += 1;
    }
    const rule = this.config.buckets[bucket];
    if (!rule) return { allowed: true, global: false, retryAfterMs: 0, headers: {} };
    const key = `${bucket}:${majorParameter}`;
    if (this.windows.size > 10_000) this.forgetIdle(now);
    const window = this.advance(this.windows.get(key) ?? { startedAt: now, used: 0 }, now, rule.windowMs);
    this.windows.set(key, window);
    const resetAfterMs = window.startedAt + rule.windowMs - now;
    const allowed = window.used < rule.limit;
    if (allowed) window.used += 1;
    const headers: Record<string, string> = {
      'X-RateLimit-Limit': String(rule.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rule.limit - window.used)),
      'X-RateLimit-Reset': seconds(now + resetAfterMs),
      'X-RateLimit-Reset-After': seconds(resetAfterMs),
      'X-RateLimit-Bucket': createHash('sha1').update(bucket).digest('hex').slice(0, 32),
    };
    if (!allowed) Object.assign(headers, { 'Retry-After': seconds(resetAfterMs), 'X-RateLimit-Scope': 'user' });
    return { allowed, global: false, retryAfterMs: allowed ? 0 : resetAfterMs, headers };
  }

  /** Drops windows idle for a minute (interaction webhooks make one per token). */
  private forgetIdle(now: number): void {
    for (const [key, window] of this.windows) if (now - window.startedAt > 60_000) this.windows.delete(key);
  }

  private advance(window: Window, now: number, windowMs: number): Window {
    if (now >= window.startedAt + windowMs) {
      window.startedAt = now;
      window.used = 0;
    }
    return window;
  }
}
