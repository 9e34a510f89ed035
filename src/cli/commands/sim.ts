import { type SimConfig, STRATEGIES, type Strategy, simulate } from '../../engine/sim.ts';
import { RuleError } from '../../rules/rule-error.ts';
import { readCommandLine, type Values } from '../args.ts';

export const summary = 'bots play each other, as many deals as asked, and the numbers are printed as JSON';

export const syntax = {
  command: 'sim',
  usage:
    '[--variant ID] [--players N] [--deals N] [--options JSON] [--strategy threshold|random|always|cautious|balanced|bold[,…]] [--seed N]',
  details: [
    summary,
    'Defaults: --variant three-card --players 6 --deals 100000 --strategy threshold,random --seed 0.',
    "Prints one JSON object: games finished, deals per game, pot sizes, the largest loss, each strategy's net.",
  ],
  options: {
    variant: { type: 'string' },
    players: { type: 'string' },
    deals: { type: 'string' },
    options: { type: 'string' },
    strategy: { type: 'string' },
    seed: { type: 'string' },
  },
  operands: [0, 0],
} as const;

function simConfig(flags: Values<typeof syntax.options>): SimConfig {
  const int = (name: 'players' | 'deals' | 'seed', fallback: number, min: number, max: number) => {
    const raw = flags[name];
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer ${min}–${max}`);
    return n;
  };
  // Bots that always stay never let a pot go uncontested, so they are opt-in.
  const strategies = (flags.strategy ?? 'threshold,random').split(',') as Strategy[];
  for (const st of strategies) if (!STRATEGIES.includes(st)) throw new Error(`--strategy: unknown strategy ${st}`);
  let options: Record<string, unknown> = {};
  if (flags.options !== undefined) {
    try {
      options = JSON.parse(flags.options);
    } catch {
      throw new Error('--options must be JSON, like \'{"cap":100}\'');
    }
  }
  return {
    variant: flags.variant ?? 'three-card',
    players: int('players', 6, 2, 52),
    deals: int('deals', 100_000, 1, 1_000_000_000),
    options,
    strategies,
    seed: int('seed', 0, 0, 2 ** 32 - 1),
  };
}

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  let config: SimConfig;
  try {
    config = simConfig(line.values);
    const started = process.hrtime.bigint();
    const result = simulate(config);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const report = {
      ...result,
      seconds: Math.round(seconds * 1000) / 1000,
      dealsPerSecond: Math.round(result.deals / seconds),
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return 0;
  } catch (e) {
    if (!(e instanceof RuleError) && (e as Error).constructor !== Error) throw e;
    process.stderr.write(`guts sim: ${(e as Error).message}\n`);
    return 2;
  }
}
