import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Gives the young generation's memory back once the bot falls quiet. V8 grows the young
 * generation (two semi-spaces, up to 16 MB each here) while start-up or a busy evening
 * allocates fast, and shrinks it only at a collection that finds the allocation rate low.
 * An idle bot allocates so little that no collection comes: whether start-up happened
 * to grow it decided whether the same build idled at 95 or 130 MB (docs/PERFORMANCE.md,
 * Memory). A scavenge every TRIM_EVERY_MS costs a millisecond or two; V8 shrinks the
 * space only when the rate is low, so a busy bot keeps it.
 */
export const TRIM_EVERY_MS = 30_000;

type Gc = (options?: { type?: 'major' | 'minor' }) => void;

/** V8's `gc`, taken from a context of its own: the bot's own global gets none, and later threads neither. */
function scavenger(): Gc {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as Gc;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

/** Starts the scavenges; returns what stops them. */
export function trimYoungSpaceWhenQuiet(everyMs = TRIM_EVERY_MS): () => void {
  const gc = scavenger();
  const timer = setInterval(() => gc({ type: 'minor' }), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A full collection that moves the survivors of half-empty pages together, so whole
 * pages go back: a plain one compacts only pages V8 finds fragmented enough, and an idle
 * bot kept 25 MB of live objects on 31 MB of pages after it. No options: Node 20's V8
 * reads `{ type: 'major' }` as a scavenge.
 */
function compactingCollection(gc: Gc): void {
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
}

/** How often the thread is looked at for a quiet spell (`collectWhenQuiet`). */
export const QUIET_CHECK_MS = 10_000;

/** A window in which the event loop was busy less than this share of the time is quiet. */
const QUIET_UTILISATION = 0.01;

/** The share of time the thread was busy since the window began, and a new window's start. */
export interface BusyMeter {
  share(): number;
  restart(): void;
}

/** The event loop's utilisation (`performance.eventLoopUtilization`), window by window. */
function eventLoopMeter(): BusyMeter {
  let since = performance.eventLoopUtilization();
  return {
    share: () => performance.eventLoopUtilization(since).utilization,
    restart: () => {
      since = performance.eventLoopUtilization();
    },
  };
}

/**
 * Gives back the old generation's start-up pages once the bot falls quiet: one full
 * collection at the first quiet window (event-loop utilisation under 1% over
 * QUIET_CHECK_MS), then none until a busy window has come between. V8 sizes the old
 * generation for the start-up (modules, migrations, the gateway's first burst) and gives
 * its free pages back only at a full collection, which an idle bot's allocations never
 * bring, nor always V8's own memory reducer: idle bots of one build read 25.9 or 33.5 MB of
 * old space (docs/PERFORMANCE.md, Memory). A full collection takes some tens of
 * milliseconds; a busy bot never pays it. Returns what stops the checks; `collect` is
 * the collection and `meter` what reads a window's busy share (tests count the one and
 * drive the other: a test worker's own chatter is not quiet enough to stand for a bot's).
 */
export function collectWhenQuiet(
  everyMs = QUIET_CHECK_MS,
  collect: () => void = compactingCollection.bind(null, scavenger()),
  meter: BusyMeter = eventLoopMeter(),
): () => void {
  let collected = false;
  const timer = setInterval(() => {
    const quiet = meter.share() < QUIET_UTILISATION;
    if (quiet && !collected) collect();
    collected = quiet;
    // From here: the collection's own time is not the bot's work.
    meter.restart();
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
