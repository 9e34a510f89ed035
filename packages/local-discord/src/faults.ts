/**
 * Injected REST failures: "the next N requests matching this answer 500 (or 429)".
 * Lets tests check that the bot loses nothing and settles nothing twice when Discord
 * misbehaves.
 */
export interface FaultOptions {
  /**
   * Apply the request first, then fail: the nastiest real case, where the bot cannot
   * tell whether its call took effect. Default false (fail before doing anything).
   */
  afterHandling?: boolean;
  /** For 429s: how long the client is told to wait. Default 100 ms. */
  retryAfterMs?: number;
}

export interface Fault {
  status: number;
  afterHandling: boolean;
  retryAfterMs: number;
}

interface FaultRule extends Fault {
  pattern: RegExp;
  remaining: number;
}

/**
 * `pattern` is a RegExp tested against `"METHOD /path"` (path after `/api/v10`), or a
 * string `"[METHOD ]/path"` in which `*` stands for one path segment, e.g.
 * `"POST /interactions/*\/*\/callback"` or `"/channels/*\/messages"`.
 */
export function compileFaultPattern(pattern: string | RegExp): RegExp {
  if (pattern instanceof RegExp) return pattern;
  const [method, path] = pattern.includes(' ') ? pattern.split(' ', 2) : ['[A-Z]+', pattern];
  const escaped = (path ?? '').replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]+');
  return new RegExp(`^${method} ${escaped}$`);
}

export class FaultInjector {
  private rules: FaultRule[] = [];

  add(pattern: string | RegExp, status: number, count: number, options: FaultOptions = {}): void {
    this.rules.push({
      pattern: compileFaultPattern(pattern),
      status,
      remaining: count,
      afterHandling: options.afterHandling ?? false,
      retryAfterMs: options.retryAfterMs ?? 100,
    });
  }

  clear(): void {
    this.rules = [];
  }

  /** Failures still to be served: 0 once every request a test wanted to fail has come. */
  pending(): number {
    return this.rules.reduce((sum, r) => sum + r.remaining, 0);
  }

  /** Consumes one failure for this request, if a rule matches it. */
  take(method: string, path: string): Fault | null {
    const target = `${method} ${path}`;
    const rule = this.rules.find((r) => r.remaining > 0 && r.pattern.test(target));
    if (!rule) return null;
    rule.remaining -= 1;
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return { status: rule.status, afterHandling: rule.afterHandling, retryAfterMs: rule.retryAfterMs };
  }
}
