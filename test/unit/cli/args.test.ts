import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCommandLine, readCommandLine, type Syntax, UsageError } from '../../../src/cli/args.ts';
import { captureOutput } from '../../support/captured-output.ts';

const backupLike = {
  command: 'backup',
  usage: '[--db URL] [--force] FILE',
  details: ['copies the database'],
  options: { db: { type: 'string' }, force: { type: 'boolean' } },
  operands: [1, 1],
} as const satisfies Syntax<{ db: { type: 'string' }; force: { type: 'boolean' } }>;

describe("a guts subcommand's arguments", () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads options and operands', () => {
    expect(parseCommandLine(backupLike, ['--db', 'file:x.db', 'copy.db'])).toEqual({
      values: { db: 'file:x.db' },
      operands: ['copy.db'],
    });
    expect(parseCommandLine(backupLike, ['copy.db', '--force'])).toEqual({
      values: { force: true },
      operands: ['copy.db'],
    });
  });

  it.each([[['--help']], [['-h']], [['copy.db', '--help']], [['--db', 'file:x.db', '-h']], [['--colour', '-h']]])(
    'takes %j as a question, not as a file',
    (args) => {
      expect(parseCommandLine(backupLike, args)).toBeNull();
    },
  );

  it.each([
    [['-x'], "Unknown option '-x'."],
    [['--', '--help'], '"--help" is not an option of guts backup'],
    [['--', '-'], '"-" is not an option of guts backup'],
    [['--db', '--force', 'copy.db'], "Option '--db' argument is ambiguous."],
    [['--db=-x', 'copy.db'], '--db "-x": a value never starts with "-"'],
    [['--db'], "Option '--db <value>' argument missing"],
    [[], 'too few arguments'],
    [['a.db', 'b.db'], 'unexpected "b.db"'],
    [['--force=yes', 'copy.db'], "Option '--force' does not take an argument"],
  ])('refuses %j: never a word that starts with "-" as a file', (args, why) => {
    expect(() => parseCommandLine(backupLike, args)).toThrow(UsageError);
    expect(() => parseCommandLine(backupLike, args)).toThrow(why);
  });

  it('answers --help with the usage on stdout and exit 0', () => {
    const io = captureOutput();
    expect(readCommandLine(backupLike, ['-h'])).toBe(0);
    expect(io.out()).toBe('usage: guts backup [--db URL] [--force] FILE\ncopies the database\n');
    expect(io.err()).toBe('');
  });

  it('answers a malformed line with one line on stderr and exit 2', () => {
    const io = captureOutput();
    expect(readCommandLine(backupLike, ['--verbose', 'copy.db'])).toBe(2);
    expect(io.err()).toBe("guts backup: Unknown option '--verbose'. (see guts backup --help)\n");
    expect(io.out()).toBe('');
  });
});
