import { type ParseArgsConfig, parseArgs } from 'node:util';

/**
 * The one way a `guts` subcommand reads its arguments: Node's `util.parseArgs`, strict,
 * with `--help`/`-h` answered the same way everywhere, and never a word that starts
 * with `-` taken as a file, a folder or a value: `guts backup --help` must print the
 * usage, not write a copy named `--help`.
 */

export type Options = NonNullable<ParseArgsConfig['options']>;

/** The values of `options`, each a string (a flag: a boolean) when given. */
export type Values<O extends Options> = { [K in keyof O]?: O[K]['type'] extends 'boolean' ? boolean : string };

export interface Syntax<O extends Options> {
  /** The program, when not `guts` (`guts-harness`). */
  program?: string;
  /** The subcommand, as typed after the program's name. */
  command: string;
  /** What follows `guts COMMAND` on the usage line: `[--db URL] [--force] FILE`. */
  usage: string;
  /** Lines that say what the options and operands mean. */
  details?: readonly string[];
  options: O;
  /** How many operands (words that are not options) it takes: the fewest and the most. */
  operands: readonly [min: number, max: number];
}

export interface CommandLine<O extends Options> {
  values: Values<O>;
  operands: string[];
}

/** An argument list that does not fit the syntax: one line that says why. */
export class UsageError extends Error {}

const HELP = { help: { type: 'boolean', short: 'h' } } as const;

/** `guts backup`, `guts-harness bench`: how the subcommand is typed. */
function commandName(syntax: Syntax<Options>): string {
  return `${syntax.program ?? 'guts'} ${syntax.command}`;
}

/** What `--help` prints: the usage line, then the details. */
export function helpText(syntax: Syntax<Options>): string {
  const lines = [`usage: ${commandName(syntax)} ${syntax.usage}`.trimEnd(), ...(syntax.details ?? [])];
  return `${lines.join('\n')}\n`;
}

/** Whether `args` asks for help: `--help` or `-h` as a word of its own, before any `--`. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/**
 * `args` read by `syntax`: null when they ask for help; throws a `UsageError` when they
 * do not fit (an unknown option, a missing value, too few or too many operands, an
 * operand or a value that starts with `-`).
 */
export function parseCommandLine<O extends Options>(syntax: Syntax<O>, args: string[]): CommandLine<O> | null {
  if (asksForHelp(args)) return null;
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options: { ...syntax.options, ...HELP }, strict: true, allowPositionals: true });
  } catch (err) {
    // Node's own line, without the advice to write `--` (an operand never starts with `-`).
    const message = (err as Error).message.replace(/\s*To specify .*$/s, '');
    throw new UsageError(message.replace(/\s+/g, ' ').trim());
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === 'string' && value.startsWith('-') && value !== '-') {
      throw new UsageError(`--${name} "${value}": a value never starts with "-"`);
    }
  }
  const operands = parsed.positionals;
  const dashed = operands.find((o) => o.startsWith('-'));
  if (dashed !== undefined) throw new UsageError(`"${dashed}" is not an option of ${commandName(syntax)}`);
  const [min, max] = syntax.operands;
  if (operands.length < min) throw new UsageError('too few arguments');
  if (operands.length > max) throw new UsageError(`unexpected "${operands[max]}"`);
  return { values: parsed.values as Values<O>, operands };
}

/**
 * `args` read by `syntax` for a subcommand's `run`, or the exit code once the answer is
 * written: 0 after the help on stdout, 2 after one line on stderr that says what is wrong.
 */
export function readCommandLine<O extends Options>(syntax: Syntax<O>, args: string[]): CommandLine<O> | number {
  try {
    const line = parseCommandLine(syntax, args);
    if (line) return line;
    process.stdout.write(helpText(syntax));
    return 0;
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    const name = commandName(syntax);
    process.stderr.write(`${name}: ${err.message} (see ${name} --help)\n`);
    return 2;
  }
}
