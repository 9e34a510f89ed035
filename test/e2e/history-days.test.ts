import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { exportDeal } from '../../src/cli/commands/export.ts';
import { HistoryPruner } from '../../src/table/history-pruner.ts';
import { systemClock } from '../../src/table/scheduler.ts';
import { test } from './fixture.ts';
import { openAndDeal, playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('HISTORY_DAYS: old hand histories go, the ledger and the results stay', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'] });
  });

  it('removes the steps of settled deals, keeps a running deal, what opened each game, the ledger and the stats', async () => {
    const { db } = world.database;
    await openAndDeal(world, 'three-card');
    const deals = await playToEnd(world, showdownThenHostAlone('ann'));
    // A second game at the same table, its first deal under way.
    await openAndDeal(world, 'three-card');
    const running = await world.until((s) => s.phase === 'deal');
    await world.bot.idle();
    const table = await world.tableRecord();
    expect(table.dealNo).toBe(deals + 1);
    const results = await db.selectFrom('deal_results').selectAll().execute();
    const before = await db.selectFrom('game_steps').select(['deal_no', 'events']).execute();
    expect(before.filter((s) => s.deal_no === 1).length).toBeGreaterThan(2);

    // Two days on, keeping one day: everything settled is old enough.
    const later = { ...systemClock, now: () => Date.now() + 2 * DAY_MS };
    const pruner = new HistoryPruner(db, 1, later, pino({ level: 'silent' }));
    expect(await pruner.prune()).toBeGreaterThan(0);
    const after = await db.selectFrom('game_steps').select(['deal_no', 'events']).execute();
    for (const step of after.filter((s) => s.deal_no < table.dealNo)) {
      expect(step.events, 'only what opened a game or changed its rules is left').toMatch(
        /"GameOpened"|"OptionsChanged"/,
      );
    }
    // The deal under way keeps every step, and plays on.
    expect(after.filter((s) => s.deal_no === table.dealNo)).toEqual(before.filter((s) => s.deal_no === table.dealNo));
    expect((await world.state()).deal?.players).toEqual(running.deal?.players);
    // Results (stats, leaderboards) and the ledger are never touched.
    expect(await db.selectFrom('deal_results').selectAll().execute()).toEqual(results);
    expect((await world.audit()).problems).toEqual([]);
    await expect(exportDeal(world.dbUrl, table.id, 1)).rejects.toThrow(/hand history of deal 1 .* was removed/);
    await expect(exportDeal(world.dbUrl, table.id, 99)).rejects.toThrow(/has no deal 99/);
    // A second pass finds nothing more.
    expect(await pruner.prune()).toBe(0);
    await pruner.stop();
  });
});
