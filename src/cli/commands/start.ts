import { ConfigError, loadConfig } from '../../config.ts';

export const summary = 'start the bot (needs DISCORD_TOKEN)';

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
    process.stderr.write(
      'guts: set DISCORD_TOKEN to your bot token to connect to Discord (README: "Connecting it to Discord").\n',
    );
    return 1;
  }
  const { runBot } = await import('../../main.ts');
  return runBot({ ...config, discordToken });
}
