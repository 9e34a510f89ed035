import { beforeEach, describe, expect } from 'vitest';
import { test } from './fixture.ts';
import { playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/**
 * The other shapes a variant can take, played through the channel: draws and passes
 * chosen from the private cards answer, face-up cards taken in turn, several stages
 * with legs, later cards dealt to stayers, layouts.
 */
describe('more variants', () => {
  // One world for the file, each game at a table of its own in a fresh channel; the games'
  // seeds follow from 5 in the order below (game n of the world gets seed 5 + n).
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], seed: 5 });
  });
  beforeEach(() => {
    world.freshChannel();
  });

  describe.each([
    ['four-card-draw', {}],
    ['deadly-69s', {}],
    ['three-five-seven', {}],
    ['two-plus-one', { secondDeclare: true }],
    ['tic-tac-toe', {}],
    ['three-card', { pass: 'left' }],
  ])('a game of %s %j', (variant, options) => {
    test('plays to the end through the channel and the ledger squares', async () => {
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
});
