import { describe, expect } from 'vitest';
import { test } from './fixture.ts';
import { playToEnd, showdownThenHostAlone } from './play.ts';

/**
 * The other shapes a variant can take, played through the channel: draws and passes
 * chosen from the private cards answer, face-up cards taken in turn, several stages
 * with legs, later cards dealt to stayers, layouts.
 */
describe.each([
  ['four-card-draw', {}],
  ['deadly-69s', {}],
  ['three-five-seven', {}],
  ['two-plus-one', { secondDeclare: true }],
  ['tic-tac-toe', {}],
  ['three-card', { pass: 'left' }],
])('a game of %s %j', (variant, options) => {
  test('plays to the end through the channel and the ledger squares', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], seed: 5 });
    const more = Object.entries(options)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant, ante: 2, ...(more ? { options: more } : {}) },
    });
    expect(lobby.embeds[0]?.title).toMatch(/^Guts: /);
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const deals = await playToEnd(world, showdownThenHostAlone('ann'), 20);
    expect(deals).toBeGreaterThanOrEqual(1);
    await world.waitForEmbed(/^Game over after/);
    expect((await world.audit()).problems).toEqual([]);
  });
});
