import pino from 'pino';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import type { GameState, Seat } from '../../../src/engine/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import type { StepListener, StepResult } from '../../../src/table/steps.ts';
import { type Member, type Place, type TableLook, Tables, type TablesOptions } from '../../../src/table/tables.ts';
import { fakeClock } from './fake-clock.ts';

/**
 * The table layer for unit tests: SQLite in memory, a hand-driven clock, fixed decks
 * (no fair seed chain unless asked), and a listener that writes down what the players
 * would be told. No Discord.
 */

export const PLACE: Place = { guildId: '100', channelId: '200' };
export const ANN: Member = { id: '1', name: 'Ann' };
export const BOB: Member = { id: '2', name: 'Bob' };
export const CAT: Member = { id: '3', name: 'Cat' };

export const silentLog = pino({ level: 'silent' });

/** A table's row as the layer holds it, at PLACE, running, for tests that need no database. */
export const gameRecord = (state: GameState, o: Partial<GameRecord> = {}): GameRecord => ({
  id: 7,
  guildId: PLACE.guildId,
  channelId: PLACE.channelId,
  version: 4,
  running: true,
  state,
  deadline: null,
  messages: {},
  dealNo: state.dealNo,
  updatedAt: 0,
  ...o,
});

export interface Heard {
  committed: StepResult[];
  published: StepResult[];
  told: { tableId: number; key: string }[];
}

export async function tablesFixture(options: Partial<TablesOptions> = {}) {
  const database: OpenDatabase = openDatabase(':memory:');
  await migrateToLatest(database.db);
  const time = fakeClock();
  const newTables = () =>
    new Tables({
      db: database.db,
      log: silentLog,
      clock: time.clock,
      newRngState: () => [1, 2, 3, 4],
      newServerSeed: null,
      ...options,
    });
  const tables = newTables();
  const others: Tables[] = [];
  const heard: Heard = { committed: [], published: [], told: [] };
  const listener: StepListener = {
    committed: (step) => heard.committed.push(step),
    publish: (step) => heard.published.push(step),
    resumed: () => {},
    tell: (tableId, key) => heard.told.push({ tableId, key }),
  };
  tables.listen(listener);
  return {
    db: database.db,
    time,
    tables,
    heard,
    /** Every step queued so far has committed, and what it set off has run. */
    settled: async () => {
      await tables.idle();
      await new Promise((resolve) => setImmediate(resolve));
      await tables.idle();
    },
    /** Another process's tables on the same database (its own runtimes, nothing loaded). */
    anotherProcess: () => {
      const other = newTables();
      others.push(other);
      return other;
    },
    close: async () => {
      for (const other of others) await other.close();
      await tables.close();
      await database.close();
    },
  };
}
export type TablesFixture = Awaited<ReturnType<typeof tablesFixture>>;

export interface Opening {
  place?: Place;
  host?: Member;
  variantId?: string;
  options?: Record<string, unknown>;
  look?: TableLook;
  key?: string;
  phrase?: string;
  seats?: readonly Seat[];
}

/** `/guts start` as the table layer sees it (three-card, ante 5, by Ann, unless said). */
export function openTable(tables: Tables, o: Opening = {}) {
  return tables.openGame({
    place: o.place ?? PLACE,
    host: o.host ?? ANN,
    variantId: o.variantId ?? 'three-card',
    options: o.options ?? { ante: 5 },
    look: o.look ?? { fourColour: false },
    key: o.key ?? 'start-1',
    phrase: o.phrase,
    seats: o.seats,
  });
}

/** A game with Ann hosting and Bob seated, its first deal dealt: both must declare. */
export async function dealtTable(fx: TablesFixture, o: Opening = {}): Promise<number> {
  const { table: runtime } = await openTable(fx.tables, o);
  const tableId = runtime.record.id;
  await fx.tables.act(tableId, 'join-bob', { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
  await fx.tables.act(tableId, 'deal-1', { type: 'startDeal', by: (o.host ?? ANN).id });
  return tableId;
}
