import { rulebook } from '../../rules-text/rulebook.ts';

export const summary = 'print the players\u2019 rule book (docs/RULES.md), written from the rules catalogue';

export async function run(args: string[]): Promise<number> {
  if (args.length > 0) {
    process.stderr.write('usage: guts rulebook > docs/RULES.md\n');
    return 2;
  }
  process.stdout.write(rulebook());
  return 0;
}
