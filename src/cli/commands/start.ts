import { ConfigError, loadConfig } from '../../config.ts';

export const summary = 'start the bot (without DISCORD_TOKEN: the offline playground in your browser)';

export async function run(): Promise<number> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`guts: ${err.message}\n`);
    return 1;
  }
  const { discordToken } = config;
  if (!discordToken) {
    const { runPlayground } = await import('../../playground/run.ts');
    return runPlayground();
  }
  const { runBot } = await import('../../main.ts');
  return runBot({ ...config, discordToken });
}
