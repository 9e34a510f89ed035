import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isModuleFile, moduleName, moduleUrl } from '../modules.ts';

/** A `guts` subcommand: one file in `src/cli/commands/`, named after the subcommand. */
export interface CliCommand {
  /** One line for `guts help`. */
  summary: string;
  /** Runs the subcommand; resolves to the process exit code. */
  run(args: string[]): Promise<number>;
}

const commandsDir = fileURLToPath(new URL('./commands/', import.meta.url));

function commandNames(): string[] {
  return readdirSync(commandsDir).filter(isModuleFile).map(moduleName).sort();
}

async function load(name: string): Promise<CliCommand> {
  return (await import(moduleUrl(`./commands/${name}`, import.meta.url).href)) as CliCommand;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const names = commandNames();
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = await Promise.all(names.map(async (n) => `  guts ${n.padEnd(16)} ${(await load(n)).summary}`));
    process.stdout.write(`Usage: guts <command> [options]\n\n${lines.join('\n')}\n`);
    return name ? 0 : 2;
  }
  if (!names.includes(name)) {
    process.stderr.write(`guts: unknown command "${name}" (try: ${names.join(', ')})\n`);
    return 2;
  }
  return (await load(name)).run(rest);
}
