import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readCommandLine } from 'guts/src/cli/args.ts';
import type { BenchResult } from '../bench/types.ts';
import { type SoakChartInput, soakChartSvg } from '../load/soak-chart.ts';

export const summary = "draw a soak bench's JSON as an SVG chart";

export const syntax = {
  program: 'guts-harness',
  command: 'soak-chart',
  usage: '[--long] [--force] RESULT.json OUT.svg',
  details: [
    summary,
    'RESULT.json: the output of `guts-harness bench soak`.',
    '--long draws the long games (as it does when the run played nothing else).',
    'OUT.svg must not be there: --force replaces it.',
  ],
  options: { long: { type: 'boolean' }, force: { type: 'boolean' } },
  operands: [2, 2],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [from, to] = line.operands as [string, string];
  if (existsSync(to) && line.values.force !== true) {
    process.stderr.write(`guts-harness soak-chart: ${to} is there already (--force replaces it)\n`);
    return 2;
  }
  const report = JSON.parse(readFileSync(from, 'utf8')) as { results: BenchResult[] };
  const soak = report.results.find((r) => r.name === 'soak');
  if (!soak) {
    process.stderr.write(`${from} has no soak result\n`);
    return 1;
  }
  // The long games' run sits under `longGame`; with `--minutes 0` it is the only one.
  const longGame = (soak as { longGame?: BenchResult | null }).longGame ?? null;
  const drawn = line.values.long === true || (soak as { mode?: unknown }).mode === null ? longGame : soak;
  if (!drawn) {
    process.stderr.write(`${from} has no long-game run\n`);
    return 1;
  }
  writeFileSync(to, soakChartSvg(drawn as unknown as SoakChartInput));
  return 0;
}
