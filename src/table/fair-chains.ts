import type { FairChain } from '../cards/fair-deck.ts';
import { randomFairChain } from '../cards/seed.ts';
import type { Logger } from '../log.ts';

/**
 * Chains of server seeds for the games about to open, built ahead of time by `build`
 * (the step writer's thread, for a SQLite file): a chain is 1,024 hashes, about 0.7 ms,
 * which on the bot's own thread is 0.2 ms a deal in a game of four deals (PERFORMANCE.md,
 * `shardScaling`). `take` never waits: with none ready (the first game, or a burst of
 * openings faster than the thread answers) it builds one here, as before.
 *
 * Nothing is built until a game opens, so an idle bot builds none. A chain waits here
 * in memory only; its seeds are as secret as in a game's state.
 */
/** Chains asked for at once. */
const BATCH = 4;

export class FairChains {
  private readonly ready: FairChain[] = [];
  private asking = false;

  constructor(
    /** Builds `count` chains elsewhere. */
    private readonly build: (count: number) => Promise<FairChain[]>,
    private readonly log: Logger,
    /** Chains kept ready (a chain is about 1.5 KB): the openings a burst can take before building here. */
    private readonly keep = 16,
  ) {}

  /** A chain for a game opening now; asks for more. */
  take(): FairChain {
    const chain = this.ready.shift() ?? randomFairChain();
    this.fill();
    return chain;
  }

  /** Chains ready now (tests and metrics). */
  get readyCount(): number {
    return this.ready.length;
  }

  /**
   * One request at a time, BATCH chains at most: the builder's thread also commits the
   * steps, and a commit queued behind a batch waits for it (about 0.7 ms a chain).
   */
  private fill(): void {
    if (this.asking || this.ready.length >= this.keep) return;
    this.asking = true;
    this.build(Math.min(BATCH, this.keep - this.ready.length)).then(
      (chains) => {
        this.ready.push(...chains);
        this.asking = false;
        this.fill();
      },
      (err: unknown) => {
        // The next opening builds its own chain and asks again: nothing waits on this.
        this.asking = false;
        this.log.warn({ err }, 'cannot build fair chains ahead: games open with one built then');
      },
    );
  }
}
