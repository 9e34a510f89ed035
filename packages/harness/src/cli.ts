import { runCommandLine } from 'guts/src/cli/main.ts';

/** `guts-harness <command>`: one module of `commands/` each, as the bot's `guts`. */
export function main(argv: string[]): Promise<number> {
  return runCommandLine('guts-harness', new URL('./commands/', import.meta.url), argv);
}
