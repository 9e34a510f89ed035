import { describe, expect } from 'vitest';
import { test } from './fixture.ts';

/** `docker stop` or Ctrl-C in the middle of a deal: a clean, quick exit, and the game goes on after. */
describe('stopping the bot process', () => {
  test('exits 0 within 10 s on SIGTERM mid-deal, with every step committed, and resumes the countdown', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], process: true, rateLimits: 'discord' });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', timer: 10 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('ann', table, 'Stay').response();
    await world.press('bob', table, 'Drop').response();

    const stopped = await world.signalBot('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    const state = await world.state();
    expect(Object.keys(state.deal?.choices ?? {})).toHaveLength(2);

    // The countdown's end 5 s on, not the rest of its 10 s: after the new process is up,
    // which arms it from the database (on a machine too busy to start it by then, the new
    // process resolves it at once; the result is the same).
    await world.database.db
      .updateTable('game_tables')
      .set({ deadline: Date.now() + 5_000 })
      .execute();
    await world.startBot();
    // Cat never chooses: the countdown, resumed by the new process, drops cat and reveals.
    await world.waitForTitle(/deal 1 result$/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('exits within 10 s even while Discord holds a post back for a minute (429)', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], process: true, rateLimits: 'discord' });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', timer: 10 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    world.discord.failRoute('POST /channels/*/messages', 429, 1, { retryAfterMs: 60_000 });
    await world.press('ann', lobby, 'Deal').acknowledged();
    await new Promise((r) => setTimeout(r, 500)); // the table message is now waiting out the 429
    const stopped = await world.signalBot('SIGTERM');
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect((await world.state()).phase).toBe('deal');
  });
});
