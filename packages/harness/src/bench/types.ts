/**
 * One benchmark result, as printed by `guts-harness bench`. Every bench file in `src/bench/` (of this package)
 * exports `benches: Bench[]`; `guts-harness bench` discovers them, so adding a result is
 * adding a file, not editing the runner.
 */
export interface BenchResult {
  name: string;
  perSecond?: number;
  ms?: number;
  p50Ms?: number;
  p99Ms?: number;
  kb?: number;
  missed?: number;
  vs?: Record<string, number>;
  /** Anything else worth reporting (sample sizes, targets). */
  [extra: string]: unknown;
}

/** How `guts-harness bench` was asked to run. */
export interface BenchOptions {
  /**
   * Check the local Discord's REST traffic against Discord's spec in the load benches
   * (`--spec-check`): off by default there, as it costs the process CPU the figures measure;
   * always on in tests.
   */
  specCheck: boolean;
}

export interface Bench {
  name: string;
  /** The options it reads from `guts-harness bench`'s command line (`--minutes`), each a value. */
  flags?: Record<string, { type: 'string' }>;
  /** The results it reports when they are named otherwise or more than one (for `--only`). */
  results?: string[];
  /** Runs only when asked for by name (a long run), not in `guts-harness bench` of everything. */
  onlyWhenNamed?: boolean;
  /**
   * `args`: the command line's flags after the bench names (`guts-harness bench soak --minutes 3`);
   * `options`: the flags every bench reads.
   */
  run(args: string[], options: BenchOptions): Promise<BenchResult | BenchResult[]>;
}
