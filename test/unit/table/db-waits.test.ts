import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { awaiting, type GameState } from '../../../src/engine/index.ts';
import { auditLedger } from '../../../src/ledger/index.ts';
import { DB_WAITING } from '../../../src/table/step-recovery.ts';
import type { StepListener } from '../../../src/table/steps.ts';
import { type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from './fake-clock.ts';

/**
 * The table layer while its database is away (a PostgreSQL server restarting): every
 * query fails as pg's does when its connection is gone, then works again. SQLite in
 * memory behind a kysely plugin, a hand-driven clock.
 */

const place: Place = { guildId: '100', channelId: '200' };
const ann = { id: '1', name: 'Ann' };
const bob = { id: '2', name: 'Bob' };

/** A plugin that fails every query while `away`. */
function outage(): { plugin: KyselyPlugin; away: boolean } {
  const state = {
    away: false,
    plugin: {
      transformQuery: (args) => {
        if (state.away) throw new Error('Connection terminated unexpectedly');
        return args.node;
      },
      transformResult: async (args) => args.result,
    } satisfies KyselyPlugin,
  };
  return state;
}

async function waitFor(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ready()).toBe(true);
}

describe('a table whose database is away', () => {
  let o: OpenDatabase;
  let time: ReturnType<typeof fakeClock>;
  let tables: Tables;
  let down: ReturnType<typeof outage>;
  const told: string[] = [];

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    time = fakeClock();
    down = outage();
    tables = new Tables({
      db: o.db.withPlugin(down.plugin),
      log: pino({ level: 'silent' }),
      clock: time.clock,
      dbRetry: { firstDelayMs: 100, maxDelayMs: 1_000 },
    });
    told.length = 0;
    const listener: StepListener = {
      committed: () => {},
      publish: () => {},
      resumed: () => {},
      tell: (_tableId, key) => told.push(key),
    };
    tables.listen(listener);
  });

  afterEach(async () => {
    await tables.close();
    await o.close();
  });

  it('its countdown waits while it cannot be read, then starts afresh: nobody drops', async () => {
    const { table: runtime } = await tables.openGame({
      place,
      host: ann,
      variantId: 'three-card',
      options: { ante: 5, timer: 10 },
      look: { fourColour: false },
      key: 's',
    });
    const tableId = runtime.record.id;
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    down.away = true;
    time.advance(10_000); // the countdown ends while the database is away
    await waitFor(() => tables.dbWaits.waitingFor(tableId) === 'read');
    expect(told).toEqual([DB_WAITING]);
    await expect(tables.pressTarget(tableId, place, 1, false)).rejects.toMatchObject({ key: DB_WAITING });
    for (let i = 0; i < 5; i++) {
      time.advance(1_000); // read again, and failing again
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(tables.dbWaits.waitingFor(tableId)).toBe('read');
    expect(tables.dbWaits.errors.transient).toBeGreaterThan(1);
    down.away = false;
    time.advance(1_000);
    await waitFor(() => tables.dbWaits.tablesWaiting === 0);
    await tables.idle();
    const state = tables.heldTable(tableId)?.record.state as GameState;
    // Still asking: the countdown started again in full, nobody was dropped by the one that ran out.
    expect(awaiting(state).kind).toBe('declare');
    expect(tables.heldTable(tableId)?.record.deadline).toBe(time.clock.now() + 10_000);
    expect(told).toEqual([DB_WAITING]);
    expect((await auditLedger(o.db)).problems).toEqual([]);
  });
});
