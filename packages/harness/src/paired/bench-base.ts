import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from '../bot-files.ts';
import type { BaseTree } from './base-tree.ts';
import { type NamedResult, pairResults, roundOrder, type Side } from './rounds.ts';

/**
 * Figures that are no bench of either tree but a load either tree can play, run by this
 * tree's `paired-probe` command against the tree's own compiled build: what a bench of
 * this tree reports only as part of a long one (`shardScaling`'s one-process setup).
 */
export const PROBES: Record<string, string> = {
  'warm-one-process': "shardScaling's one-process setup, once: the 200-table load against `guts start`, measured warm",
};

export interface PairedOptions {
  base: BaseTree;
  /** A worktree to run as head instead of this tree (`--head REF`). */
  head?: BaseTree;
  rounds: number;
  /** The benches (and probes) to run, by name. */
  names: string[];
  /** The options left for the benches, as typed; each side's bench command reads them. */
  flags: string[];
}

const harnessOf = (tree: string) => join(tree, 'packages/harness/bin/harness.js');

/** One side's results for one round: its own `bench` for the benches, this tree's probe runner for the probes. */
function runSide(tree: string, names: string[], flags: string[]): NamedResult[] {
  const benches = names.filter((n) => !(n in PROBES));
  const probes = names.filter((n) => n in PROBES);
  const runs: string[][] = [
    ...(benches.length ? [[harnessOf(tree), 'bench', '--only', benches.join(','), ...flags]] : []),
    ...probes.map((p) => [harnessOf(repositoryRoot()), 'paired-probe', p, '--tree', tree, ...flags]),
  ];
  return runs.flatMap((args) => {
    for (let attempt = 1; ; attempt++) {
      const child = spawnSync(process.execPath, args, {
        cwd: tree,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 64 * 1024 * 1024,
      });
      if (child.status === 0) return (JSON.parse(child.stdout) as { results: NamedResult[] }).results;
      const what = `${args.slice(1, 3).join(' ')} in ${tree} failed (exit ${child.status})`;
      if (attempt > RETRIES) throw new Error(what);
      // A load run can lose its way on a loaded machine (a press that found no button): its
      // round is played again rather than the whole comparison lost; stderr says so.
      retried.count++;
      process.stderr.write(`guts-harness bench --base: ${what}; again\n`);
    }
  });
}

/** Times a failed run is played again before the comparison gives up. */
const RETRIES = 2;
const retried = { count: 0 };

const gitHead = (tree: string) => {
  const rev = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: tree, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: tree,
    encoding: 'utf8',
  }).stdout.trim().length;
  return { commit: rev, uncommittedChanges: dirty > 0 };
};

/** The rounds run in turn (base, head, base, head…), and the comparison, as one JSON-able object. */
export function runPaired(options: PairedOptions) {
  const head = options.head?.dir ?? repositoryRoot();
  const trees: Record<Side, string> = { base: options.base.dir, head };
  const results: Record<Side, NamedResult[][]> = { base: [], head: [] };
  const loadAverage: number[] = [];
  let lost: string | undefined;
  for (const [i, side] of roundOrder(options.rounds).entries()) {
    process.stderr.write(`guts-harness bench --base: round ${Math.floor(i / 2) + 1} of ${options.rounds}, ${side}\n`);
    loadAverage.push(Math.round((loadavg()[0] as number) * 100) / 100);
    try {
      results[side].push(runSide(trees[side], options.names, options.flags));
    } catch (err) {
      // A round lost to a loaded machine keeps the whole rounds played before it (a base
      // run without its head is dropped); with none played, there is nothing to compare.
      if (results.head.length === 0) throw err;
      lost = (err as Error).message;
      results.base.length = results.head.length;
      loadAverage.length = 2 * results.head.length;
      process.stderr.write(`guts-harness bench --base: ${lost}; kept the ${results.head.length} rounds before\n`);
      break;
    }
  }
  loadAverage.push(Math.round((loadavg()[0] as number) * 100) / 100);
  return {
    base: { ref: options.base.ref, commit: options.base.commit, dir: options.base.dir, modules: options.base.modules },
    head: options.head
      ? { ref: options.head.ref, commit: options.head.commit, dir: head, modules: options.head.modules }
      : gitHead(head),
    rounds: results.head.length,
    // The round that could not be played (its runs failed RETRIES + 1 times), if any.
    ...(lost ? { lost } : {}),
    order: 'base, head, base, head…',
    // The one-minute load average as each side's run began, and at the end.
    loadAverage,
    // Runs that failed and were played again (their rounds are the second playing's).
    retried: retried.count,
    results: pairResults(results),
  };
}
