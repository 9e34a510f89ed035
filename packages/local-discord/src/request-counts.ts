import type { Route } from './rest/route.ts';

/** How many requests one route received, and whether they count against the global limit. */
export interface RouteCount {
  count: number;
  /** Interaction callbacks and interaction-token webhooks: outside the 50/s global limit. */
  exempt: boolean;
}

/**
 * Every REST request the bot made since the last reset: `global` ones count against the
 * bot's global limit, `exempt` ones (interaction routes) do not. `byRoute` is keyed
 * `METHOD /path/:template`, so a bench can see which calls a deal spends.
 */
export interface RequestCounts {
  global: number;
  exempt: number;
  byRoute: Record<string, RouteCount>;
  /** Bytes of the files the bot uploaded (attachments of messages, edits and callbacks). */
  uploadBytes: number;
}

/** Counts requests per route as they reach a route, rate limited or not (Discord counts both). */
export class RequestCounter {
  private byRoute = new Map<string, RouteCount>();
  private uploadBytes = 0;

  record(route: Route): void {
    const key = `${route.method} ${route.path}`;
    const entry = this.byRoute.get(key) ?? { count: 0, exempt: route.globalExempt };
    entry.count += 1;
    this.byRoute.set(key, entry);
  }

  /** Files that came with a request (counted once the request is parsed). */
  uploaded(bytes: number): void {
    this.uploadBytes += bytes;
  }

  counts(): RequestCounts {
    const counts: RequestCounts = { global: 0, exempt: 0, byRoute: {}, uploadBytes: this.uploadBytes };
    for (const [key, entry] of this.byRoute) {
      counts.byRoute[key] = { ...entry };
      if (entry.exempt) counts.exempt += entry.count;
      else counts.global += entry.count;
    }
    return counts;
  }

  reset(): void {
    this.byRoute = new Map();
    this.uploadBytes = 0;
  }
}
