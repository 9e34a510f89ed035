import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { pruneHandHistories } from '../db/prune-history.ts';
import type { Logger } from '../log.ts';
import type { Clock } from './scheduler.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often old hand histories are looked for. */
const EVERY_MS = 60 * 60 * 1000;
/** Steps removed per statement: a short one, so a deal's commit never waits long behind it. */
const BATCH = 500;
/** A pause between batches for the deals being played. */
const BETWEEN_BATCHES_MS = 50;

/**
 * Keeps `days` days of hand histories (`HISTORY_DAYS`): a pass at start-up and every
 * hour removes older ones in small batches (see db/prune-history.ts for what is kept).
 */
export class HistoryPruner {
  private timer: unknown = null;
  private stopped = false;
  private pass: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly days: number,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  start(): void {
    this.schedule(0);
  }

  /** One pass: removes every hand-history step older than the kept days; resolves to how many. */
  async prune(): Promise<number> {
    const before = this.clock.now() - this.days * DAY_MS;
    let removed = 0;
    for (;;) {
      const n = await pruneHandHistories(this.db, before, BATCH);
      removed += n;
      if (n < BATCH || this.stopped) return removed;
      await new Promise((resolve) => this.clock.setTimeout(() => resolve(null), BETWEEN_BATCHES_MS));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    await this.pass?.catch(() => 0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.pass = this.prune()
        .then((removed) => {
          if (removed) this.log.info({ removed, days: this.days }, 'old hand histories removed');
          return removed;
        })
        .catch((err) => {
          this.log.error({ err }, 'removing old hand histories failed');
          return 0;
        })
        .finally(() => this.schedule(EVERY_MS));
    }, ms);
  }
}
