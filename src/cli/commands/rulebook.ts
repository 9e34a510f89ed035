import { rulebook } from '../../rules-text/rulebook.ts';
import { readCommandLine } from '../args.ts';

export const summary = 'print the players\u2019 rule book (docs/RULES.md), written from the rules catalogue';

export const syntax = {
  command: 'rulebook',
  usage: '> docs/RULES.md',
  details: [summary],
  options: {},
  operands: [0, 0],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  process.stdout.write(rulebook());
  return 0;
}
