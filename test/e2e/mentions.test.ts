import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import type { World } from './world.ts';

/** Nothing the bot writes pings anyone, whatever players call themselves. */
describe('mentions', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['@everyone', 'bob'] });
  });

  it('names a player called "@everyone" without pinging the server', async () => {
    const lobby = await world.reply('@everyone', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    expect(lobby.mention_everyone).toBe(false);
    const stopped = await world.reply('@everyone', 'guts', { subcommand: 'stop' });
    expect(stopped.content).toContain('@everyone');
    expect(stopped.mention_everyone).toBe(false);
    expect(stopped.mentions).toEqual([]);
  });
});
