/**
 * At most `limit` pieces of work in flight; the rest wait their turn, first come first
 * served. The bot sends what it tells the channel (edits, results, private cards)
 * through one of these, so that under a flood of work the answers to presses, which
 * do not queue here, are never stuck behind hundreds of uploads on the event loop.
 */
export class OutputLane {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
