import { ConfigError, loadConfig } from '../../config.ts';
import { tableHistory } from '../../db/hand-history.ts';
import { openDatabase } from '../../db/index.ts';
import { type GameEvent, scenarioFromDeal } from '../../engine/index.ts';
import type { GameOpened } from '../../table/steps.ts';

export const summary =
  "print a played deal as a replay scenario: export TABLE DEAL (as a result message's footer says)";

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
    if (!opened || dealt < 0) throw new Error(`table ${tableId} has no deal ${dealNo}`);
    if (!events.some((e) => e.type === 'DealEnded'))
      throw new Error(`deal ${dealNo} of table ${tableId} is not finished`);
    return scenarioFromDeal({ variant: opened.variant, options: opened.options, events: events.slice(dealt) });
  } finally {
    await close();
  }
}

export async function run(args: string[]): Promise<number> {
  const [table, deal, ...extra] = args;
  if (!table || !deal || extra.length > 0 || !/^\d+$/.test(table) || !/^\d+$/.test(deal)) {
    process.stderr.write('usage: guts export TABLE_ID DEAL_NO   (reads DATABASE_URL)\n');
    return 2;
  }
  let url: string;
  try {
    url = loadConfig().databaseUrl;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`guts export: ${err.message}\n`);
    return 2;
  }
  try {
    process.stdout.write(`${JSON.stringify(await exportDeal(url, Number(table), Number(deal)), null, 2)}\n`);
    return 0;
  } catch (err) {
    process.stderr.write(`guts export: ${(err as Error).message}\n`);
    return 2;
  }
}
