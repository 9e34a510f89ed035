import { readFileSync, writeFileSync } from 'node:fs';
import type { BenchResult } from '../bench/types.ts';
import { type SoakChartInput, soakChartSvg } from '../load/soak-chart.ts';

export const summary = "draw a soak bench's JSON as an SVG chart: guts-harness soak-chart RESULT.json OUT.svg";

export async function run(args: string[]): Promise<number> {
  const [from, to] = args;
  if (!from || !to) {
    process.stderr.write(
      'usage: guts-harness soak-chart RESULT.json OUT.svg (RESULT: the output of `guts-harness bench soak`)\n',
    );
    return 2;
  }
  const report = JSON.parse(readFileSync(from, 'utf8')) as { results: BenchResult[] };
  const soak = report.results.find((r) => r.name === 'soak');
  if (!soak) {
    process.stderr.write(`${from} has no soak result\n`);
    return 1;
  }
  writeFileSync(to, soakChartSvg(soak as unknown as SoakChartInput));
  return 0;
}
