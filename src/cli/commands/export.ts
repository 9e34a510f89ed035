import { type GameOpened, tableHistory } from '../../db/hand-history.ts';
import { openDatabase } from '../../db/index.ts';
import { dealWasSettled } from '../../db/prune-history.ts';
import { type GameEvent, scenarioFromDeal } from '../../engine/index.ts';
import { readCommandLine } from '../args.ts';
import { DB_HELP, DB_OPTION, databaseLabel, databaseToRead } from '../which-database.ts';

export const summary = "print a played deal as a replay scenario (TABLE DEAL, as a result message's footer says)";

/** The scenario of deal `dealNo` of table `tableId`, or an error line. */
export async function exportDeal(url: string, tableId: number, dealNo: number): Promise<unknown> {
  const { db, close } = openDatabase(url);
  try {
    // Each game the table opened, with the options its host set in the lobby laid over.
    const games: GameOpened[] = [];
    const events: GameEvent[] = [];
    for (const step of await tableHistory(db, tableId)) {
      for (const e of step.events) {
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

export const syntax = {
  command: 'export',
  usage: '[--db URL] TABLE DEAL',
  details: [
    summary,
    "TABLE and DEAL: the numbers a result message's footer names. The scenario is printed on stdout, the database it came from on stderr.",
    DB_HELP,
  ],
  options: DB_OPTION,
  operands: [2, 2],
} as const;

export async function run(args: string[]): Promise<number> {
  const line = readCommandLine(syntax, args);
  if (typeof line === 'number') return line;
  const [table, deal] = line.operands as [string, string];
  if (!/^\d+$/.test(table) || !/^\d+$/.test(deal)) {
    process.stderr.write(`guts export: TABLE and DEAL are numbers, got "${table}" "${deal}"\n`);
    return 2;
  }
  const url = databaseToRead('export', line.values.db ?? null);
  if (url === null) return 2;
  try {
    const scenario = await exportDeal(url, Number(table), Number(deal));
    process.stdout.write(`${JSON.stringify(scenario, null, 2)}\n`);
    process.stderr.write(`guts export: deal ${deal} of table ${table} from ${databaseLabel(url)}\n`);
    return 0;
  } catch (err) {
    const message = (err as Error).message;
    const why = /no such table|does not exist/.test(message)
      ? `${databaseLabel(url)} holds no hand history (is it the bot's?)`
      : `${databaseLabel(url)}: ${message}`;
    process.stderr.write(`guts export: ${why}\n`);
    return 2;
  }
}
