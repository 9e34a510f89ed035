import { readFileSync } from 'node:fs';
import { formatReplay } from '../../engine/format.ts';
import { runScenario, ScenarioError } from '../../engine/scenario.ts';
import { readCommandLine } from '../args.ts';

export const summary = 'replay a scenario file (JSON) and print each deal and the balances';

export const syntax = {
  command: 'replay',
  usage: 'FILE',
  details: [summary, 'FILE: a scenario (scenarios/README.md), such as `guts export` prints.'],
  options: {},
  operands: [1, 1],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [file] = line.operands as [string];
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    process.stderr.write(`guts replay: ${file}: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    process.stdout.write(formatReplay(runScenario(raw)));
    return 0;
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    process.stderr.write(`guts replay: ${e.message}\n`);
    return 2;
  }
}
