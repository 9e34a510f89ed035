/**
 * How full each of the bot's caches is, read in one place (`Bot.cacheSizes()`, the
 * `guts_cache_entries` metric, the soak bench). A cache either has a capacity (the
 * least recently used entries go past it) or holds entries only for what is alive: an
 * open table, a token's 15 minutes, a minute's budget window.
 */
export interface CacheSize {
  /** Entries held now. */
  size: number;
  /** The most it holds, or what bounds it when no count does. */
  limit: number | 'open tables' | 'live tokens' | 'one minute';
}

/** A cache that counts its own entries and knows its capacity (LruCache is one). */
export interface SizedCache {
  readonly size: number;
  readonly capacity: number;
}

export class CacheSizes {
  private readonly sources = new Map<string, () => CacheSize>();

  /** Reports `cache` under `name` from now on (a later one of the same name replaces it). */
  add(name: string, cache: SizedCache | (() => CacheSize)): void {
    this.sources.set(name, typeof cache === 'function' ? cache : () => ({ size: cache.size, limit: cache.capacity }));
  }

  read(): Record<string, CacheSize> {
    return Object.fromEntries([...this.sources].map(([name, source]) => [name, source()]));
  }
}
