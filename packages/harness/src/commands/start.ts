import { run as startBot, startConfig } from 'guts/src/cli/commands/start.ts';
import { runPlayground } from '../playground/run.ts';

export const summary = '`npm start`: the bot with DISCORD_TOKEN set, else the offline playground';

export async function run(): Promise<number> {
  const config = startConfig();
  if (!config) return 2;
  return config.discordToken ? startBot() : runPlayground();
}
