/**
 * How often one player may press from the Activity: a token bucket per WebSocket session
 * and another per user over all their sessions (Discord's proxy hides addresses, so a
 * user is the unit). A person presses a few times a second at most; a script is refused
 * before anything is checked or written.
 */
export interface PressLimits {
  /** Presses a session may make at once. */
  sessionBurst: number;
  /** Presses a session gets back per second. */
  sessionPerSecond: number;
  userBurst: number;
  userPerSecond: number;
}

export const PRESS_LIMITS: PressLimits = { sessionBurst: 8, sessionPerSecond: 4, userBurst: 12, userPerSecond: 6 };

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    now: number,
  ) {
    this.tokens = burst;
    this.at = now;
  }

  /** Whether a token is left now (refilled for the time since the last ask). */
  available(now: number): boolean {
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    return this.tokens >= 1;
  }

  take(): void {
    this.tokens -= 1;
  }

  /** Full again: nothing to remember. */
  full(now: number): boolean {
    return this.available(now) && this.tokens >= this.burst;
  }
}

/** How a socket's refused presses are answered: the first in each second, and past a flood, not at all. */
export interface RefusalLimits {
  /** A refused press is answered at most once this often; the rest are dropped unanswered. */
  refusalAnswerMs: number;
  /** Refused presses a socket may send at once, and back per second; past them it is closed. */
  floodBurst: number;
  floodPerSecond: number;
}

export const REFUSAL_LIMITS: RefusalLimits = { refusalAnswerMs: 1_000, floodBurst: 30, floodPerSecond: 2 };

/**
 * One socket's refused presses. Answering each would let a client that never reads grow
 * what is queued for it without bound: one answer a second says "too many presses" to a
 * person; a script that keeps on past `floodBurst` is closed.
 */
export class RefusalPacer {
  private readonly flood: TokenBucket;
  private answeredAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limits: RefusalLimits,
    now: number,
  ) {
    this.flood = new TokenBucket(limits.floodBurst, limits.floodPerSecond, now);
  }

  /** What to do with one more refused press. */
  refused(now: number): 'answer' | 'drop' | 'close' {
    if (!this.flood.available(now)) return 'close';
    this.flood.take();
    if (now - this.answeredAt < this.limits.refusalAnswerMs) return 'drop';
    this.answeredAt = now;
    return 'answer';
  }
}
