import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readCommandLine } from 'guts/src/cli/args.ts';
import { PROBES } from '../paired/bench-base.ts';

export const summary = "play a load against another tree's build and print its figures (for `bench --base`)";

export const syntax = {
  program: 'guts-harness',
  command: 'paired-probe',
  usage: 'NAME --tree DIR [--spec-check]',
  details: [
    summary,
    `NAME: ${Object.entries(PROBES)
      .map(([name, what]) => `${name} (${what})`)
      .join('; ')}`,
    '--tree: the repository whose bot (its compiled build) plays; its own load code drives it.',
  ],
  options: { tree: { type: 'string' }, 'spec-check': { type: 'boolean' } },
  operands: [1, 1],
} as const;

/** The load of `shardScaling`'s one-process setup (TWO_HUNDRED_TABLES_OF_FIVE, spelt out: older trees lack the constant). */
const WARM_LOAD = {
  processes: 1,
  tables: 200,
  playersPerTable: 5,
  dealsPerTable: 4,
  startWithinMs: 2_000,
  pressWithinMs: 250,
};

const round = (x: number) => Math.round(x * 10) / 10;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [name] = line.operands as [string];
  if (!(name in PROBES) || line.values.tree === undefined) {
    process.stderr.write(`guts-harness paired-probe: no probe "${name}", or no --tree (see --help)\n`);
    return 2;
  }
  const tree = resolve(line.values.tree);
  const { compiled } = (await import(pathToFileURL(`${tree}/bin/build.js`).href)) as { compiled(): Promise<URL> };
  const build = await compiled();
  const { runShardLoad } = await import(new URL('packages/harness/src/load/shard-load.js', build).href);
  const r = await runShardLoad({ ...WARM_LOAD, specCheck: line.values['spec-check'] === true });
  const result = {
    name,
    botThreadMsPerDeal: r.botThreadMsPerDeal === null ? null : round(r.botThreadMsPerDeal),
    botCpuMsPerDeal: round(r.botCpuMsPerDeal),
    perSecond: round(r.perSecond),
    requestsPerDeal: round(r.requestsPerDeal),
    // Which requests, a deal each: a press acknowledged first costs a callback and an edit, not one callback.
    byRoute: r.byRoute,
    generatorCpuMsPerDeal: round(r.generatorCpuMsPerDeal),
    deals: r.dealsSettled,
    settledTwice: r.settledTwice,
    refused: r.refused.length,
    // Older trees' load code does not count these.
    ...(typeof r.cardsLate === 'number' ? { cardsLate: r.cardsLate, stays: r.stays } : {}),
    auditOk: r.auditOk,
  };
  process.stdout.write(`${JSON.stringify({ results: [result] }, null, 2)}\n`);
  return 0;
}
