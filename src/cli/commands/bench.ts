import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchOptions, BenchResult } from '../../bench/types.ts';
import { isModuleFile, moduleName } from '../../modules.ts';

export const summary = 'run the benchmarks and print one JSON object (--only NAME[,NAME], --spec-check)';

const benchDir = fileURLToPath(new URL('../../bench/', import.meta.url));
const guts = fileURLToPath(new URL('../../../bin/guts.js', import.meta.url));

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
function runIsolated(bench: Bench, options: BenchOptions): BenchResult[] {
  const args = [guts, 'bench', '--only', bench.name, '--in-process', ...(options.specCheck ? ['--spec-check'] : [])];
  const child = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (child.status !== 0) throw new Error(`bench ${bench.name} failed (exit ${child.status})`);
  return (JSON.parse(child.stdout) as { results: BenchResult[] }).results;
}

export async function run(args: string[]): Promise<number> {
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : null;
  const inProcess = args.includes('--in-process');
  const options: BenchOptions = { specCheck: args.includes('--spec-check') };
  const results: BenchResult[] = [];
  for (const bench of await allBenches()) {
    if (only && ![bench.name, ...(bench.results ?? [])].some((n) => only.has(n))) continue;
    if (!inProcess) {
      results.push(...runIsolated(bench, options));
      continue;
    }
    const r = await bench.run(options);
    results.push(...(Array.isArray(r) ? r : [r]));
  }
  const report = { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', results };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
