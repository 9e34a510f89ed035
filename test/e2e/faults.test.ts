import { titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { beforeEach, describe, expect } from 'vitest';
import { test } from './fixture.ts';
import { choiceShown } from './play.ts';
import type { World } from './world.ts';

async function openTable(world: World, variant = 'three-card'): Promise<APIMessage> {
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant, ante: 3 } });
  for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
  return lobby;
}

/** When Discord misbehaves, the bot loses no deal and settles none twice. */
describe('faults', () => {
  // One world for the file (the same bot options for every test); each test plays at a table of
  // its own, and each fault it injects is used up within it.
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
  });
  beforeEach(() => {
    world.freshChannel();
  });

  test('resumes after the gateway socket drops in the middle of a deal', async () => {
    const lobby = await openTable(world);
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('ann', table, 'Stay').response();
    world.discord.dropGateway();
    // Presses made while the bot is away are delivered once it has resumed.
    const late = world.press('bob', table, 'Stay');
    const end = Date.now() + 20_000;
    while (!world.discord.botConnected && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(world.discord.botConnected).toBe(true);
    await choiceShown(world, 'bob', late, /You stay/);
    await world.press('cat', table, 'Stay').response();
    await world.waitForTitle(/deal 1 result$/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('gets the table message out through REST 500s and 429s', async () => {
    const lobby = await openTable(world);
    world.discord.failRoute('POST /channels/*/messages', 500, 2);
    world.discord.failRoute('PATCH /channels/*/messages/*', 429, 3, { retryAfterMs: 300 });
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob', 'cat']) await world.press(name, table, 'Stay').response();
    await world.waitForTitle(/deal 1 result$/);
    expect(world.messages().filter((m) => /: deal 1$/.test(titleOf(m)))).toHaveLength(1);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('counts a press once when Discord applied the answer but reported a 500', async () => {
    const lobby = await openTable(world);
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    world.discord.failRoute('POST /interactions/*/*/callback', 500, 1, { afterHandling: true });
    await choiceShown(world, 'bob', world.press('bob', table, 'Stay'), /You stay/);
    world.discord.failRoute('POST /interactions/*/*/callback', 429, 1, { retryAfterMs: 200 });
    await choiceShown(world, 'cat', world.press('cat', table, 'Drop'), /You drop/);
    const state = await world.state();
    expect(Object.keys(state.deal?.choices ?? {})).toHaveLength(2);
    await world.press('ann', table, 'Stay').response();
    await world.waitForTitle(/deal 1 result$/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });
});
