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
