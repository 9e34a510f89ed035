import { tableHistory } from '../../db/hand-history.ts';
import { openDatabase } from '../../db/index.ts';
import { dealWasSettled } from '../../db/prune-history.ts';
import { type GameEvent, scenarioFromDeal } from '../../engine/index.ts';
import type { GameOpened } from '../../table/steps.ts';
import { databaseToRead, takeDbFlag } from '../which-database.ts';

export const summary =
  "print a played deal as a replay scenario: export [--db URL] TABLE DEAL (as a result message's footer says)";

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
  const { flag, rest, missing } = takeDbFlag(args);
  const [table, deal, ...extra] = rest;
  if (!table || !deal || extra.length > 0 || !/^\d+$/.test(table) || !/^\d+$/.test(deal) || missing) {
    process.stderr.write(USAGE);
    return 2;
  }
  const url = databaseToRead('export', flag);
  if (url === null) return 2;
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
