import { setTimeout as sleep } from 'node:timers/promises';
import { AdjustableClock } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { type StartWorld, test } from './fixture.ts';
import type { World } from './world.ts';

/**
 * A table whose countdown step throws an error no rule explains (injected with
 * GUTS_STEP_FAULTS, read when the bot's tables are made): it must not hang. Each bot
 * reads its own GUTS_STEP_FAULTS as it starts.
 */
describe('a countdown step that fails', () => {
  /** The one game the bot drives. */
  const gameOf = (w: World) => w.bot.tables.heldTables()[0]?.record.state as GameState;

  /** The world starting now: the next one starts once it has read its GUTS_STEP_FAULTS. */
  let starting: Promise<unknown> = Promise.resolve();
  const withStepFaults = (startWorld: StartWorld, faults: number): Promise<World> => {
    const started = starting.then(async () => {
      process.env.GUTS_STEP_FAULTS = String(faults);
      try {
        // A clock of its own: the countdown ends when the test moves it, not 10 s later.
        return await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000, clock: new AdjustableClock() });
      } finally {
        delete process.env.GUTS_STEP_FAULTS;
      }
    });
    starting = started.catch(() => undefined);
    return started;
  };

  const openNobodyPresses = async (startWorld: StartWorld, faults: number) => {
    const world = await withStepFaults(startWorld, faults);
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 5, timer: 10 },
    });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.waitForTitle(/: deal 1$/);
    // Nobody presses: the deal's countdown ends, and its step meets the fault.
    world.advanceClock(11_000);
    return world;
  };

  test('once: the players hear the table carries on, and the deal ends when its countdown does', async ({
    startWorld,
  }) => {
    const w = await openNobodyPresses(startWorld, 1);
    const told = await w.waitFor((m) => /reloaded it as it was last saved/.test(m.content), undefined, 25_000);
    expect(told.content).toMatch(/the game carries on/);
    // The countdown's step ran after all: nobody is asked to stay or drop any more.
    for (let i = 0; i < 100 && awaiting(gameOf(w)).kind === 'declare'; i++) await sleep(100);
    expect(awaiting(gameOf(w)).kind).not.toBe('declare');
    expect(w.messages().some((m) => /the game is paused/.test(m.content))).toBe(false);
  }, 60_000);

  test('twice at the same step: the table pauses, says so, and the host can still stop it', async ({ startWorld }) => {
    const w = await openNobodyPresses(startWorld, 2);
    await w.waitFor((m) => /the game is paused/.test(m.content), undefined, 25_000);
    const dealt = gameOf(w);
    expect(awaiting(dealt).kind).toBe('declare'); // paused: nobody dropped by a countdown that cannot run
    const stop = await w.reply('ann', 'guts', { subcommand: 'stop' });
    expect(stop.content).not.toMatch(/Something went wrong/);
    expect(gameOf(w).stopRequested).toBe(true);
  }, 60_000);
});
