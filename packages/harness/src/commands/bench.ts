import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isModuleFile, moduleName } from 'guts/src/modules.ts';
import type { Bench, BenchOptions, BenchResult } from '../bench/types.ts';

export const summary =
  'run the benchmarks and print one JSON object (--only NAME[,NAME], or NAME first: `bench soak --minutes 30`; --spec-check)';

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

/**
 * The benches asked for (`--only A,B`, or the names before the first flag) and the
 * flags left for them (`--minutes 30`).
 */
function parseArgs(args: string[]): { only: Set<string> | null; inProcess: boolean; flags: string[] } {
  const firstFlag = args.findIndex((a) => a.startsWith('--'));
  const named = firstFlag < 0 ? args : args.slice(0, firstFlag);
  const onlyAt = args.indexOf('--only');
  const names = onlyAt >= 0 ? (args[onlyAt + 1] ?? '').split(',').filter(Boolean) : named;
  const flags = args
    .slice(named.length)
    .filter((a, i, all) => a !== '--in-process' && a !== '--only' && all[i - 1] !== '--only');
  return { only: names.length ? new Set(names) : null, inProcess: args.includes('--in-process'), flags };
}

export async function run(args: string[]): Promise<number> {
  const { only, inProcess, flags } = parseArgs(args);
  const results: BenchResult[] = [];
  for (const bench of await allBenches()) {
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
