import { readCommandLine } from 'guts/src/cli/args.ts';
import { run as startBot, startConfig } from 'guts/src/cli/commands/start.ts';
import { runPlayground } from '../playground/run.ts';

export const summary = '`npm start`: the bot with DISCORD_TOKEN set, else the offline playground';

export const syntax = {
  program: 'guts-harness',
  command: 'start',
  usage: '',
  details: [summary, 'The settings are environment variables: see README.md and docs/OPERATING.md.'],
  options: {},
  operands: [0, 0],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const config = startConfig();
  if (!config) return 2;
  return config.discordToken ? startBot() : runPlayground();
}
