import { readFileSync, writeFileSync } from 'node:fs';
import type { BenchResult } from '../bench/types.ts';
import { type SoakChartInput, soakChartSvg } from '../load/soak-chart.ts';

export const summary = "draw a soak bench's JSON as an SVG chart: guts-harness soak-chart RESULT.json OUT.svg [--long]";

export async function run(args: string[]): Promise<number> {
  const [from, to] = args.filter((a) => a !== '--long');
  if (!from || !to) {
    process.stderr.write(
      'usage: guts-harness soak-chart RESULT.json OUT.svg [--long] (RESULT: the output of `guts-harness bench soak`;\n' +
        '--long draws the long games, as it does when the run played nothing else)\n',
    );
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
  const drawn = args.includes('--long') || (soak as { mode?: unknown }).mode === null ? longGame : soak;
  if (!drawn) {
    process.stderr.write(`${from} has no long-game run\n`);
    return 1;
  }
  writeFileSync(to, soakChartSvg(drawn as unknown as SoakChartInput));
  return 0;
}
