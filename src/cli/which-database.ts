import { existsSync } from 'node:fs';
import { normalize } from 'node:path';
import { DEFAULT_DATABASE_URL, loadConfig } from '../config.ts';
import { sqlitePathOf } from '../db/index.ts';
import { describeDatabase } from '../db/start-check.ts';
import { readCommandLine } from './args.ts';

/**
 * Which database a command that reads one (`guts export`, `guts backup`) works on, found
 * the one way for each, and never a file that is not there: opening one would create it empty.
 */

/** The playground's ledger (src/playground keeps it apart from the bot's). */
const PLAYGROUND_DATABASE_URL = 'file:./data/playground.db';

/**
 * `--db`, else DATABASE_URL, else whichever of the bot's and the playground's files
 * exists. Throws a line that says where it looked and which to pass.
 */
export function chooseDatabase(
  given: { flag: string | null; env: string | null },
  exists: (url: string) => boolean,
): string {
  const chosen = given.flag ?? given.env;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`there is no database at ${chosen}`);
    return chosen;
  }
  const found = [DEFAULT_DATABASE_URL, PLAYGROUND_DATABASE_URL].filter(exists);
  if (found.length === 1) return found[0] as string;
  if (found.length === 0) {
    throw new Error(
      `no database here (${DEFAULT_DATABASE_URL} for the bot, ${PLAYGROUND_DATABASE_URL} for the playground): pass --db URL or set DATABASE_URL`,
    );
  }
  throw new Error(`both ${found.join(' and ')} are here: pass --db with the one you mean`);
}

/** A file: URL names a file that is there; any other URL (Postgres) is taken as given. */
const databaseExists = (url: string): boolean => {
  const path = sqlitePathOf(url);
  return path === null || path === ':memory:' || existsSync(path);
};

/**
 * `--db` (null when not given), else DATABASE_URL (checked as the bot checks it), else the
 * file that is here; or null, once `guts COMMAND: …` has said on stderr where it looked
 * (or what is wrong with DATABASE_URL).
 */
export function databaseToRead(command: string, flag: string | null): string | null {
  try {
    const env = process.env.DATABASE_URL ? loadConfig().databaseUrl : null;
    return chooseDatabase({ flag, env }, databaseExists);
  } catch (err) {
    process.stderr.write(`guts ${command}: ${(err as Error).message}\n`);
    return null;
  }
}

/**
 * The database of a command that takes it as `--db URL` or as its one operand: the same
 * as databaseToRead, or null once stderr has said why (given both ways, or not found).
 */
export function databaseFlagOrOperand(
  command: string,
  flag: string | undefined,
  operand: string | undefined,
): string | null {
  if (flag !== undefined && operand !== undefined) {
    process.stderr.write(`guts ${command}: give the database once, as --db URL or as URL\n`);
    return null;
  }
  return databaseToRead(command, flag ?? operand ?? null);
}

/** `--db URL`, as each command that reads a database takes it, and what its help says of it. */
export const DB_OPTION = { db: { type: 'string' } } as const;
export const DB_HELP =
  "The database: --db URL, else DATABASE_URL, else whichever of data/guts.db (the bot's) and data/playground.db (the playground's) is here; never one that is not there.";

/**
 * The syntax of a command whose one argument is its database, `[--db URL | URL]`
 * (`guts audit`, `guts backfill-achievements`): its summary, more lines, then where the
 * database comes from and the exit codes.
 */
export function databaseCommandSyntax<C extends string>(command: C, lines: readonly string[], exits: string) {
  return {
    command,
    usage: '[--db URL | URL]',
    details: [...lines, `${DB_HELP} The URL may also come alone.`, exits],
    options: DB_OPTION,
    operands: [0, 1],
  } as const;
}

/**
 * Such a command's arguments read and its database opened by `open`: the URL and what
 * `open` gave, or the exit code once it is answered (0 after the help; 2 after a line on
 * stderr: bad arguments, no database there, or one `open` refuses).
 */
export async function openDatabaseArgument<T>(
  syntax: ReturnType<typeof databaseCommandSyntax>,
  args: string[],
  open: (url: string) => T | Promise<T>,
): Promise<{ url: string; opened: T } | number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const url = databaseFlagOrOperand(syntax.command, line.values.db, line.operands[0]);
  if (url === null) return 2;
  try {
    return { url, opened: await open(url) };
  } catch (e) {
    process.stderr.write(`guts ${syntax.command}: ${(e as Error).message}\n`);
    return 2;
  }
}

/**
 * The database as a command's output names it: a file as given
 * (`data/playground.db`), any other URL without its password.
 */
export function databaseLabel(url: string): string {
  const path = sqlitePathOf(url);
  if (path === ':memory:') return path;
  return path === null ? describeDatabase(url, null) : normalize(path);
}
