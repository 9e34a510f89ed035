import { type SimConfig, STRATEGIES, type Strategy, simulate } from '../../engine/sim.ts';
import { RuleError } from '../../rules/rule-error.ts';

export const summary =
  'bots play each other: guts sim --variant three-card --players 6 --deals 100000 [--options JSON] [--strategy threshold|random|always|cautious|balanced|bold[,…]] [--seed N]';

function parseArgs(args: string[]): SimConfig {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i] as string;
    const value = args[i + 1];
    if (!name.startsWith('--') || value === undefined) throw new Error(`expected --name value, got "${name}"`);
    flags.set(name.slice(2), value);
  }
  for (const name of flags.keys()) {
    if (!['variant', 'players', 'deals', 'options', 'strategy', 'seed'].includes(name)) {
      throw new Error(`unknown flag --${name}`);
    }
  }
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = flags.get(name);
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be an integer ${min}–${max}`);
    return n;
  };
  // Bots that always stay never let a pot go uncontested, so they are opt-in.
  const strategies = (flags.get('strategy') ?? 'threshold,random').split(',') as Strategy[];
  for (const st of strategies) if (!STRATEGIES.includes(st)) throw new Error(`--strategy: unknown strategy ${st}`);
  let options: Record<string, unknown> = {};
  if (flags.has('options')) {
    try {
      options = JSON.parse(flags.get('options') as string);
    } catch {
      throw new Error('--options must be JSON, like \'{"cap":100}\'');
    }
  }
  return {
    variant: flags.get('variant') ?? 'three-card',
    players: int('players', 6, 2, 52),
    deals: int('deals', 100_000, 1, 1_000_000_000),
    options,
    strategies,
    seed: int('seed', 0, 0, 2 ** 32 - 1),
  };
}

export async function run(args: string[]): Promise<number> {
  let config: SimConfig;
  try {
    config = parseArgs(args);
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
