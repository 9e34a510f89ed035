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
