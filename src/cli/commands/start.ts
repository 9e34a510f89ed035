import { type Config, ConfigError, loadConfig } from '../../config.ts';
import { readCommandLine } from '../args.ts';

export const summary = 'start the bot (DISCORD_TOKEN: its token; SHARD_COUNT: one process per shard)';

/** What `start` runs with, or null once stderr says what is wrong with the settings. */
export function startConfig(): Config | null {
  try {
    const config = loadConfig();
    if (config.sharding.mode !== 'single' && !config.discordToken) {
      throw new ConfigError('SHARD_COUNT needs DISCORD_TOKEN (shards are gateway connections to Discord)');
    }
    return config;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`guts: ${err.message}\n`);
    return null;
  }
}

export const syntax = {
  command: 'start',
  usage: '',
  details: [summary, 'Its settings come from the environment (docs/OPERATING.md), none from the command line.'],
  options: {},
  operands: [0, 0],
} as const;

export async function run(args: string[] = []): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const config = startConfig();
  if (!config) return 2;
  const { discordToken, sharding } = config;
  if (!discordToken) {
    process.stderr.write(
      "guts: set DISCORD_TOKEN to your bot's token (Discord Developer Portal → your application → Bot → Reset Token)\n",
    );
    return 2;
  }
  if (sharding.mode === 'manager') {
    const [{ runShardingManager }, { log }] = await Promise.all([
      import('../../shards/manager.ts'),
      import('../../log.ts'),
    ]);
    return runShardingManager({
      token: discordToken,
      apiUrl: config.discordApiUrl,
      count: sharding.count,
      shards: sharding.shards,
      log,
    });
  }
  const { runBot } = await import('../../main.ts');
  return runBot({ ...config, discordToken });
}
