import { existsSync } from 'node:fs';
import { DEFAULT_DATABASE_URL, loadConfig } from '../../config.ts';
import { tableHistory } from '../../db/hand-history.ts';
import { openDatabase, sqlitePathOf } from '../../db/index.ts';
import { dealWasSettled } from '../../db/prune-history.ts';
import { type GameEvent, scenarioFromDeal } from '../../engine/index.ts';
import type { GameOpened } from '../../table/steps.ts';

export const summary =
  "print a played deal as a replay scenario: export [--db URL] TABLE DEAL (as a result message's footer says)";

/** The playground's ledger (src/playground keeps it apart from the bot's). */
const PLAYGROUND_DATABASE_URL = 'file:./data/playground.db';

/**
 * The database a deal is exported from: `--db`, else DATABASE_URL, else whichever of the
 * bot's and the playground's files exists. Never a file that is not there: opening one
 * would create it empty. Throws a line that says which to pass.
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
  throw new Error(`both ${found.join(' and ')} are here: pass --db with the one the game was played on`);
}

/** A file: URL names a file that is there; any other URL (Postgres) is taken as given. */
const databaseExists = (url: string): boolean => {
  const path = sqlitePathOf(url);
  return path === null || path === ':memory:' || existsSync(path);
};

/** The scenario of deal `dealNo` of table `tableId`, or an error line. */
export async function exportDeal(url: string, tableId: number, dealNo: number): Promise<unknown> {
  const { db, close } = openDatabase(url);
  try {
    // Each game the table opened, with the options its host set in the lobby laid over.
    const games: GameOpened[] = [];
    const events: GameEvent[] = [];
    for (const step of await tableHistory(db, tableId)) {
      for (const e of step.events as (GameEvent | GameOpened)[]) {
        if (e.type === 'GameOpened') games.push({ ...e });
        else if (e.type === 'OptionsChanged' && games.length > 0) (games.at(-1) as GameOpened).options = e.options;
        else if (step.dealNo === dealNo) events.push(e);
      }
    }
    const opened = games.filter((g) => g.firstDeal <= dealNo).at(-1) ?? null;
    const dealt = events.findIndex((e) => e.type === 'DealStarted');
    if ((!opened || dealt < 0) && (await dealWasSettled(db, tableId, dealNo))) {
      throw new Error(
        `the hand history of deal ${dealNo} of table ${tableId} was removed (the bot keeps HISTORY_DAYS days of it); its result is still in the stats`,
      );
    }
    if (!opened || dealt < 0) throw new Error(`table ${tableId} has no deal ${dealNo}`);
    if (!events.some((e) => e.type === 'DealEnded'))
      throw new Error(`deal ${dealNo} of table ${tableId} is not finished`);
    return scenarioFromDeal({ variant: opened.variant, options: opened.options, events: events.slice(dealt) });
  } finally {
    await close();
  }
}

const USAGE = 'usage: guts export [--db URL] TABLE_ID DEAL_NO   (default: DATABASE_URL, else the file that is here)\n';

export async function run(args: string[]): Promise<number> {
  const at = args.indexOf('--db');
  const flag = at >= 0 ? (args[at + 1] ?? null) : null;
  const rest = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const [table, deal, ...extra] = rest;
  if (!table || !deal || extra.length > 0 || !/^\d+$/.test(table) || !/^\d+$/.test(deal) || (at >= 0 && !flag)) {
    process.stderr.write(USAGE);
    return 2;
  }
  let url: string;
  try {
    const env = process.env.DATABASE_URL ? loadConfig().databaseUrl : null;
    url = chooseDatabase({ flag, env }, databaseExists);
  } catch (err) {
    // A bad DATABASE_URL (ConfigError) or no database to read: one line, and nothing created.
    process.stderr.write(`guts export: ${(err as Error).message}\n`);
    return 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(await exportDeal(url, Number(table), Number(deal)), null, 2)}\n`);
    return 0;
  } catch (err) {
    const message = (err as Error).message;
    const why = /no such table|does not exist/.test(message)
      ? `${url} holds no hand history (is it the bot's?)`
      : message;
    process.stderr.write(`guts export: ${why}\n`);
    return 2;
  }
}
