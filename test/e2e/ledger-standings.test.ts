import { describe, expect } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { test } from './fixture.ts';

/**
 * `/ledger show` beside the channel's game (issue 55): while a game runs, its standings so
 * far, never titled as if the game were over; once over, its final standings with when it
 * was played.
 */
describe('/ledger show and the channel game', () => {
  test('shows a running game as under way, and a past game with its date', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 3 } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.until((s) => awaiting(s).kind === 'declare');
    const table = await world.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob']) await world.press(name, table, 'Stay').acknowledged();
    await world.until((s) => s.phase === 'between-deals');

    const running = (await world.reply('bob', 'ledger', { subcommand: 'show' })).embeds[1];
    expect(running?.title).toBe('Standings so far, after deal 1 (game under way)');
    expect(JSON.stringify(running?.fields)).not.toContain('left');

    await world.reply('ann', 'guts', { subcommand: 'stop' });
    await world.until((s) => s.phase === 'over');
    const past = (await world.reply('bob', 'ledger', { subcommand: 'show' })).embeds[1];
    expect(past?.title).toBe('Game over after 1 deal');
    expect(past?.timestamp).toBeDefined();
    expect(Date.parse(past?.timestamp ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});
