import { ConfigError, loadConfig } from '../../config.ts';

export const summary =
  'start the bot (SHARD_COUNT: one process per shard; without DISCORD_TOKEN: the offline playground)';

export async function run(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
    if (config.sharding.mode !== 'single' && !config.discordToken) {
      throw new ConfigError('SHARD_COUNT needs DISCORD_TOKEN (shards are gateway connections to Discord)');
    }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`guts: ${err.message}\n`);
    return 2;
  }
  const { discordToken, sharding } = config;
  if (!discordToken) {
    const { runPlayground } = await import('../../playground/run.ts');
    return runPlayground();
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
