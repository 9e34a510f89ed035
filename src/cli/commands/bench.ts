import { readdirSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchResult } from '../../bench/types.ts';

export const summary = 'run the benchmarks and print one JSON object (--only NAME[,NAME])';

const benchDir = fileURLToPath(new URL('../../bench/', import.meta.url));

async function allBenches(): Promise<Bench[]> {
  const files = readdirSync(benchDir)
    .filter((f) => f.endsWith('.ts') && f !== 'types.ts')
    .sort();
  const out: Bench[] = [];
  for (const f of files) {
    const mod = (await import(`../../bench/${f}`)) as { benches?: Bench[] };
    out.push(...(mod.benches ?? []));
  }
  return out;
}

export async function run(args: string[]): Promise<number> {
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? new Set((args[onlyAt + 1] ?? '').split(',').filter(Boolean)) : null;
  const results: BenchResult[] = [];
  for (const bench of await allBenches()) {
    if (only && ![bench.name, ...(bench.results ?? [])].some((n) => only.has(n))) continue;
    const r = await bench.run();
    results.push(...(Array.isArray(r) ? r : [r]));
  }
  const report = { node: process.version, cpu: cpus()[0]?.model ?? 'unknown', results };
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  return 0;
}
