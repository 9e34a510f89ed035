import type { GameEvent, GameState } from '../engine/index.ts';
import type { Db } from './transaction.ts';

/**
 * The bot's own line in a table's hand history: a game opened with this variant and
 * these options, its first deal numbered `firstDeal` at the table. `guts export`
 * needs it to turn a deal's events back into a scenario.
 */
export interface GameOpened {
  type: 'GameOpened';
  variant: string;
  options: GameState['options'];
  firstDeal: number;
}

/** A line of the hand history: an engine event, or the bot's own `GameOpened`. */
export type HistoryLine = GameEvent | GameOpened;

/** The engine's events among a hand history's lines. */
export function gameEvents(lines: readonly HistoryLine[]): GameEvent[] {
  return lines.filter((line): line is GameEvent => line.type !== 'GameOpened');
}

/** Every kind of line the hand history holds: a new event type fails to compile until it is listed. */
const LINE_TYPES: Record<HistoryLine['type'], true> = {
  GameOpened: true,
  PlayerJoined: true,
  PlayerLeft: true,
  LeaveScheduled: true,
  StopRequested: true,
  OptionsChanged: true,
  DealStarted: true,
  Anted: true,
  ReserveFilled: true,
  ReserveOverflow: true,
  Dealt: true,
  BoardRemoved: true,
  Passed: true,
  Discarded: true,
  Drew: true,
  Declared: true,
  Revealed: true,
  AskedAgain: true,
  DropPenalty: true,
  TookCard: true,
  Showdown: true,
  PotWon: true,
  PotMatched: true,
  WinnersPaid: true,
  LegAwarded: true,
  AllDropped: true,
  DealVoided: true,
  DealEnded: true,
  GameOver: true,
};

export function isHistoryLine(value: unknown): value is HistoryLine {
  if (typeof value !== 'object' || value === null) return false;
  const type: unknown = (value as { type?: unknown }).type;
  return typeof type === 'string' && Object.hasOwn(LINE_TYPES, type);
}

/**
 * One step's hand history as stored (a JSON array), read once here: every line is a
 * line the bot writes, or the step is refused as corrupt.
 */
export function historyLines(json: string, where: { tableId: number; dealNo: number }): HistoryLine[] {
  const lines: unknown = JSON.parse(json);
  if (!Array.isArray(lines) || !lines.every(isHistoryLine)) {
    throw new Error(
      `the hand history of deal ${where.dealNo} of table ${where.tableId} holds a line the bot never writes`,
    );
  }
  return lines;
}

/**
 * A table's hand history in commit order: every step's events (the engine's, and the
 * bot's `GameOpened` lines). Deal numbers count per table across games.
 */
export async function tableHistory(db: Db, tableId: number): Promise<{ dealNo: number; events: HistoryLine[] }[]> {
  const steps = await db
    .selectFrom('game_steps')
    .select(['deal_no', 'events'])
    .where('table_id', '=', tableId)
    .orderBy('id')
    .execute();
  return steps.map((s) => ({ dealNo: s.deal_no, events: historyLines(s.events, { tableId, dealNo: s.deal_no }) }));
}

/** The steps of deals `from` to `to` of a table, each with its deal number, in commit order (one query). */
export async function dealsSteps(
  db: Db,
  tableId: number,
  from: number,
  to: number,
): Promise<{ dealNo: number; events: HistoryLine[] }[]> {
  const steps = await db
    .selectFrom('game_steps')
    .select(['deal_no', 'events'])
    .where('table_id', '=', tableId)
    .where('deal_no', '>=', from)
    .where('deal_no', '<=', to)
    .orderBy('id')
    .execute();
  return steps.map((s) => ({ dealNo: s.deal_no, events: historyLines(s.events, { tableId, dealNo: s.deal_no }) }));
}

/** Every event of deals `from` to `to` of a table, in the order the steps were committed (one query). */
export async function dealsHistory(db: Db, tableId: number, from: number, to: number): Promise<HistoryLine[]> {
  return (await dealsSteps(db, tableId, from, to)).flatMap((s) => s.events);
}

/** Every event of one deal at a table, in the order the steps were committed. */
export function dealHistory(db: Db, tableId: number, dealNo: number): Promise<HistoryLine[]> {
  return dealsHistory(db, tableId, dealNo, dealNo);
}
