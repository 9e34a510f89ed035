import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { type Options, readCommandLine, type Syntax } from 'guts/src/cli/args.ts';
import { isModuleFile, moduleName } from 'guts/src/modules.ts';
import type { Bench, BenchOptions, BenchResult } from '../bench/types.ts';
import { repositoryRoot } from '../bot-files.ts';
import { type BaseTree, prepareBaseTree } from '../paired/base-tree.ts';
import { PROBES, runPaired } from '../paired/bench-base.ts';

export const summary = 'run the benchmarks (all, or those named: `bench soak --minutes 30`) and print one JSON object';

const benchDir = fileURLToPath(new URL('../bench/', import.meta.url));
const harness = fileURLToPath(new URL('../../bin/harness.js', import.meta.url));

async function allBenches(): Promise<Bench[]> {
  const files = readdirSync(benchDir)
    .filter((f) => isModuleFile(f) && moduleName(f) !== 'types')
    .sort();
  const out: Bench[] = [];
  for (const f of files) {
    const mod = (await import(new URL(f, `file://${benchDir}`).href)) as { benches?: Bench[] };
    out.push(...(mod.benches ?? []));
  }
  return out;
}

/**
 * Runs one bench in a process of its own and returns its results. In one shared process
 * each bench would inherit the others' leftovers: a heap a load run filled, evaluators
 * the JIT tuned for other rankings. Measured that way the engine simulation lost half
 * its speed.
 */
function runIsolated(bench: Bench, flags: string[]): BenchResult[] {
  // --expose-gc: benches that measure memory collect garbage before they read the heap.
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', harness, 'bench', '--only', bench.name, '--in-process', ...flags],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (child.status !== 0) throw new Error(`bench ${bench.name} failed (exit ${child.status})`);
  return (JSON.parse(child.stdout) as { results: BenchResult[] }).results;
}

/** What `bench` reads itself; each bench adds the options it reads (`flags`). */
const BENCH_OPTIONS = {
  only: { type: 'string' },
  'spec-check': { type: 'boolean' },
  'in-process': { type: 'boolean' },
  base: { type: 'string' },
  head: { type: 'string' },
  rounds: { type: 'string' },
} as const;

/** Rounds of each side when `--base` is given without `--rounds`. */
const DEFAULT_ROUNDS = 3;

function benchSyntax(benches: Bench[]): Syntax<Options> {
  const flags = Object.assign({}, ...benches.map((b) => b.flags ?? {})) as Options;
  return {
    program: 'guts-harness',
    command: 'bench',
    usage:
      '[NAME ...] [--only NAME[,NAME]] [--spec-check] [--base REF [--head REF] [--rounds N]] [--BENCH-OPTION VALUE ...]',
    details: [
      summary,
      `--base REF: run the benches named for a worktree of the commit REF and for this tree in turn, N rounds each (default ${DEFAULT_ROUNDS}), and print each side's medians and head/base ratios`,
      '--head REF: hold a worktree of REF against the base instead of this tree (edit on while it runs)',
      `  (paired only: ${Object.keys(PROBES).join(', ')})`,
      `benches: ${benches.map((b) => (b.onlyWhenNamed ? `${b.name} (only when named)` : b.name)).join(', ')}`,
      `their options: ${
        Object.keys(flags)
          .map((f) => `--${f}`)
          .join(' ') || 'none'
      }`,
    ],
    options: { ...flags, ...BENCH_OPTIONS },
    operands: [0, Number.POSITIVE_INFINITY],
  };
}

/** What is wrong with `--base`/`--rounds` as given, or null. */
export function pairingFault(values: Record<string, string | boolean | undefined>, names: string[]): string | null {
  if (values.base === undefined) {
    if (values.rounds !== undefined) return '--rounds goes with --base';
    if (values.head !== undefined) return '--head goes with --base';
    if (names.some((n) => n in PROBES)) return `${names.find((n) => n in PROBES)} runs only paired (--base REF)`;
    return null;
  }
  if (values['in-process'] === true) return '--base runs each side in processes of its own, not --in-process';
  if (names.length === 0)
    return '--base wants the benches named (--only NAME[,NAME]): every bench, twice a round, takes hours';
  const rounds = values.rounds === undefined ? DEFAULT_ROUNDS : Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 50)
    return `--rounds must be a whole number from 1 to 50, not ${values.rounds}`;
  return null;
}

export async function run(args: string[]): Promise<number> {
  const benches = await allBenches();
  const line = readCommandLine(benchSyntax(benches), args);
  if (typeof line === 'number') return line;
  const values = line.values as Record<string, string | boolean | undefined>;
  const names = [...line.operands, ...String(values.only ?? '').split(',')].filter(Boolean);
  const paired = typeof values.base === 'string';
  const known = new Set([
    ...benches.flatMap((b) => [b.name, ...(b.results ?? [])]),
    ...(paired ? Object.keys(PROBES) : []),
  ]);
  const unknown = names.find((n) => !known.has(n));
  if (unknown !== undefined) {
    process.stderr.write(`guts-harness bench: no bench "${unknown}" (see guts-harness bench --help)\n`);
    return 2;
  }
  const fault = pairingFault(values, names);
  if (fault) {
    process.stderr.write(`guts-harness bench: ${fault}\n`);
    return 2;
  }
  const only = names.length ? new Set(names) : null;
  const inProcess = values['in-process'] === true;
  // The options left for the benches, as typed (each bench reads its own).
  const flags = Object.entries(values).flatMap(([name, value]) =>
    ['only', 'in-process', 'base', 'head', 'rounds'].includes(name)
      ? []
      : value === true
        ? [`--${name}`]
        : [`--${name}`, String(value)],
  );
  if (paired) {
    const trees: Partial<Record<'base' | 'head', BaseTree>> = {};
    for (const side of ['base', 'head'] as const) {
      const ref = values[side];
      if (typeof ref !== 'string') continue;
      try {
        trees[side] = prepareBaseTree(repositoryRoot(), ref);
      } catch (err) {
        process.stderr.write(`guts-harness bench: --${side} ${ref}: ${(err as Error).message}\n`);
        return 2;
      }
    }
    const rounds = values.rounds === undefined ? DEFAULT_ROUNDS : Number(values.rounds);
    const report = runPaired({ base: trees.base as BaseTree, head: trees.head, rounds, names, flags });
    process.stdout.write(
      `${JSON.stringify({ node: process.version, cpu: cpus()[0]?.model ?? 'unknown', ...report }, null, 2)}\n`,
    );
    return 0;
  }
  const results: BenchResult[] = [];
  for (const bench of benches) {
    if (only ? ![bench.name, ...(bench.results ?? [])].some((n) => only.has(n)) : bench.onlyWhenNamed) continue;
    if (!inProcess) {
      results.push(...runIsolated(bench, flags));
      continue;
    }
    const options: BenchOptions = { specCheck: flags.includes('--spec-check') };
    const r = await bench.run(flags, options);
    results.push(...(Array.isArray(r) ? r : [r]));
  }
  const report = { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', results };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
