import type { APIMessage } from 'discord-api-types/v10';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { type Health, startOpsServer } from '../../src/discord/ops-server.ts';
import { choiceShown, privately } from './play.ts';
import type { World } from './world.ts';

/**
 * What every database-fault test checks, around the fault it makes: two players at a
 * three-card table, ann presses Stay while the database cannot save, and everyone hears
 * what is happening; once the fault clears the game goes on by itself with nothing lost.
 */

/** How steps wait in these tests: short tries, so a cleared fault shows within a second. */
export const QUICK_RETRY = { firstDelayMs: 100, maxDelayMs: 500 };

/** The players' line while the table waits (en-US). */
export const CANNOT_SAVE = /can't save the game right now/;

/** Opens a game of ann and bob and deals: the deal's table message. */
export async function dealOne(world: World, timer = 10): Promise<APIMessage> {
  const lobby = await world.reply('ann', 'guts', {
    subcommand: 'start',
    options: { variant: 'three-card', ante: 5, timer },
  });
  await world.press('bob', lobby, 'Join').response();
  await world.press('ann', lobby, 'Deal').acknowledged();
  return world.waitForTitle(/: deal 1$/);
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `/healthz` as an operator reads it: its status and body. */
export async function healthz(world: World): Promise<{ status: number; body: Health }> {
  const ops = await startOpsServer(
    0,
    { health: () => world.bot.health(), metrics: () => world.bot.metrics.text() },
    '127.0.0.1',
  );
  try {
    const res = await fetch(`http://127.0.0.1:${ops.port}/healthz`);
    return { status: res.status, body: (await res.json()) as Health };
  } finally {
    await ops.close();
  }
}

/**
 * The fault is on (`fault` made it): ann's Stay waits, the table says it cannot save,
 * bob's press is answered privately with why, `/healthz` and the metrics say so, and the
 * countdown does not run out; `clear` ends the fault and the deal ends with both stays.
 */
export async function playThrough(
  world: World,
  table: APIMessage,
  /** `holdMs`: how long the fault lasts past the checks, in real time (a second, or past the countdown without a clock). */
  fault: { start(): Promise<void>; clear(): Promise<void>; holdMs?: number },
): Promise<void> {
  await fault.start();
  const annStays = world.press('ann', table, 'Stay');
  await until('the table waits for the database', () => world.bot.tables.dbWaits.tablesWaiting === 1);
  await world.waitFor((m) => CANNOT_SAVE.test(m.content));
  const refused = await privately(world.press('bob', table, 'Stay').response());
  expect(refused.content).toMatch(CANNOT_SAVE);
  const health = await healthz(world);
  expect(health.status).toBe(503);
  expect(health.body.checks.database?.ok).toBe(false);
  const metrics = await world.bot.metrics.text();
  expect(metrics).toMatch(/^guts_tables_waiting_for_db 1$/m);
  expect(metrics).toMatch(/^guts_db_errors_total\{kind="transient"\} [1-9]/m);
  // Past the deal's countdown (10 s): nobody drops while nothing can be saved. A world with
  // a clock moves it on, and the countdown fires now (its step then meets the fault for a
  // second); one without waits the countdown out. Not before ann's press is acknowledged:
  // Discord would count the jump against its 3 s. A try under way during the jump (one
  // waiting for a lock) saw none of it, as real time would have failed it: the fault holds
  // until a try after the jump has failed too.
  if (world.hasClock) {
    await annStays.acknowledged();
    const failedBefore = world.bot.tables.dbWaits.errors.transient;
    world.advanceClock(11_000);
    await until('a try after the clock moved fails', () => world.bot.tables.dbWaits.errors.transient > failedBefore);
  }
  await new Promise((r) => setTimeout(r, fault.holdMs ?? (world.hasClock ? 1_000 : 11_000)));
  expect(world.bot.tables.dbWaits.tablesWaiting).toBe(1);
  await fault.clear();
  await choiceShown(world, 'ann', annStays, /You stay/);
  await until('the table waits no more', () => world.bot.tables.dbWaits.tablesWaiting === 0);
  expect((await healthz(world)).status).toBe(200);

  // bob's press counts now: the last choice, it ends the deal.
  await world.press('bob', table, 'Stay').acknowledged();
  await world.waitForTitle(/deal 1 result$/, 20_000);
  // The game goes on by itself: the next deal comes.
  await world.waitForTitle(/: deal 2$/, 20_000);
}

/** Nothing lost, nothing settled twice, the ledger balanced and (SQLite) the file sound. */
export async function nothingLost(world: World): Promise<void> {
  expect(await world.settlements(1)).toBe(1);
  // Both stays counted: nobody's countdown ran out while nothing could be saved.
  const rows = await world.database.db.selectFrom('game_steps').select(['events', 'deal_no']).execute();
  const revealed = rows
    .filter((r) => r.deal_no === 1)
    .flatMap((r) => JSON.parse(r.events) as { type: string; stayed?: string[]; timedOut?: string[] }[])
    .filter((e) => e.type === 'Revealed');
  expect(revealed.length).toBeGreaterThan(0);
  expect(revealed[0]?.stayed).toHaveLength(2);
  expect(revealed.flatMap((e) => e.timedOut)).toEqual([]);
  expect((await world.audit()).problems).toEqual([]);
  if (world.database.dialect === 'sqlite') {
    const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(world.database.db);
    expect(rows).toEqual([{ integrity_check: 'ok' }]);
  }
}
