/**
 * Coalesced message edits: a burst of presses on one table costs one edit. The
 * latest requested content wins; at most one edit per key is in flight, and a
 * request made while one is in flight is sent once it finishes. A build that returns
 * null (nothing to say any more) sends nothing.
 */
export class EditCoalescer<Payload> {
  private readonly slots = new Map<
    string,
    {
      build: (() => Payload | null | Promise<Payload | null>) | null;
      running: Promise<void> | null;
      timer: NodeJS.Timeout | null;
    }
  >();
  private readonly idleWaiters: (() => void)[] = [];
  private readonly keyWaiters: { matches: (key: string) => boolean; resolve: () => void }[] = [];

  constructor(
    private readonly send: (key: string, payload: Payload) => Promise<void>,
    private readonly onError: (key: string, err: unknown) => void,
    private readonly delayMs = 250,
  ) {}

  request(key: string, build: () => Payload | null | Promise<Payload | null>): void {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { build: null, running: null, timer: null };
      this.slots.set(key, slot);
    }
    slot.build = build;
    if (!slot.running && !slot.timer) slot.timer = setTimeout(() => this.run(key), this.delayMs);
  }

  /** Resolves when no edit is waiting or in flight (tests and shutdown). */
  idle(): Promise<void> {
    if (this.slots.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Resolves when no edit whose key `matches` is waiting or in flight (a table's, when it ends). */
  idleFor(matches: (key: string) => boolean): Promise<void> {
    if (![...this.slots.keys()].some(matches)) return Promise.resolve();
    return new Promise((resolve) => this.keyWaiters.push({ matches, resolve }));
  }

  /** Slots held: keys with an edit waiting or in flight. */
  get size(): number {
    return this.slots.size;
  }

  private run(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    slot.timer = null;
    const build = slot.build;
    slot.build = null;
    if (!build) {
      this.release(key);
      return;
    }
    slot.running = (async () => {
      try {
        const payload = await build();
        if (payload !== null) await this.send(key, payload);
      } catch (err) {
        this.onError(key, err);
      }
    })().finally(() => {
      slot.running = null;
      if (slot.build) slot.timer = setTimeout(() => this.run(key), this.delayMs);
      else this.release(key);
    });
  }

  private release(key: string): void {
    this.slots.delete(key);
    if (this.slots.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
    for (const waiter of this.keyWaiters.filter((w) => w.matches(key))) {
      if ([...this.slots.keys()].some(waiter.matches)) continue;
      this.keyWaiters.splice(this.keyWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
