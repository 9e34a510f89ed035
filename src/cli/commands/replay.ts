import { readFileSync } from 'node:fs';
import { formatReplay } from '../../engine/format.ts';
import { runScenario, ScenarioError } from '../../engine/scenario.ts';

export const summary = 'replay a scenario file (JSON) and print each deal and the balances';

export async function run(args: string[]): Promise<number> {
  const [file, ...extra] = args;
  if (!file || extra.length > 0) {
    process.stderr.write('usage: guts replay FILE\n');
    return 2;
  }
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
