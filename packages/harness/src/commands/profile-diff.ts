import { readFileSync } from 'node:fs';
import { readCommandLine } from 'guts/src/cli/args.ts';
import { type By, type CpuProfile, diffProfiles } from '../load/profile-diff.ts';

export const summary = 'compare two CPU profiles (LOAD_CPU_PROF) by self time per function or file';

export const syntax = {
  program: 'guts-harness',
  command: 'profile-diff',
  usage: '[--by function|file] [--top N] [--deals A,B] [--json] A.cpuprofile B.cpuprofile',
  details: [
    summary,
    'Rows: self time in A, in B, and B − A (ms), largest growth first, then the largest shrinking.',
    '--by: function (name and file, the default) or file. --top: rows each way (default 25).',
    '--deals A,B: the deals each run settled, to read ms a deal. --json: every row, as JSON.',
  ],
  options: {
    by: { type: 'string' },
    top: { type: 'string' },
    deals: { type: 'string' },
    json: { type: 'boolean' },
  },
  operands: [2, 2],
} as const;

const fixed = (x: number, width: number) => x.toFixed(3).padStart(width);

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const by = (line.values.by ?? 'function') as By;
  const top = Number(line.values.top ?? 25);
  const deals = (line.values.deals ?? '1,1').split(',').map(Number);
  if (!['function', 'file'].includes(by) || !Number.isInteger(top) || top < 1) {
    process.stderr.write('guts-harness profile-diff: --by function|file, --top a whole number (see --help)\n');
    return 2;
  }
  if (deals.length !== 2 || deals.some((n) => !(n > 0))) {
    process.stderr.write('guts-harness profile-diff: --deals takes two positive numbers, A,B\n');
    return 2;
  }
  const [fileA, fileB] = line.operands as [string, string];
  const read = (f: string) => JSON.parse(readFileSync(f, 'utf8')) as CpuProfile;
  const diff = diffProfiles(read(fileA), read(fileB), by, { a: deals[0] as number, b: deals[1] as number });
  if (line.values.json === true) {
    process.stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
    return 0;
  }
  const rows = [...diff.rows.slice(0, top), ...diff.rows.slice(-top).filter((r) => r.delta < 0)];
  const shown = [...new Map(rows.map((r) => [r.key, r])).values()];
  const out = [`${'A'.padStart(10)}${'B'.padStart(10)}${'B − A'.padStart(10)}  ${by}`];
  for (const r of shown) out.push(`${fixed(r.a, 10)}${fixed(r.b, 10)}${fixed(r.delta, 10)}  ${r.key}`);
  out.push(`${fixed(diff.total.a, 10)}${fixed(diff.total.b, 10)}${fixed(diff.total.delta, 10)}  (all)`);
  process.stdout.write(`${out.join('\n')}\n`);
  return 0;
}
