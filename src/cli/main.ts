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

/**
 * A command line whose subcommands are the modules of one folder (`commands`, a URL
 * ending in `/`), each named after its file. The bot's is `guts`; the harness package
 * has one of its own the same way.
 */
export async function runCommandLine(program: string, commands: URL, argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const names = readdirSync(fileURLToPath(commands)).filter(isModuleFile).map(moduleName).sort();
  const load = async (n: string) => (await import(moduleUrl(n, commands).href)) as CliCommand;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    const lines = await Promise.all(names.map(async (n) => `  ${program} ${n.padEnd(16)} ${(await load(n)).summary}`));
    process.stdout.write(`Usage: ${program} <command> [options]\n\n${lines.join('\n')}\n`);
    return name ? 0 : 2;
  }
  if (!names.includes(name)) {
    process.stderr.write(`${program}: unknown command "${name}" (try: ${names.join(', ')})\n`);
    return 2;
  }
  return (await load(name)).run(rest);
}

export function main(argv: string[]): Promise<number> {
  return runCommandLine('guts', new URL('./commands/', import.meta.url), argv);
}
