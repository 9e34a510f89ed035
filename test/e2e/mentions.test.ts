import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { World } from './world.ts';

/** Nothing the bot writes pings anyone, whatever players call themselves. */
describe('mentions', () => {
  let world: World;
  beforeAll(async () => {
    world = await World.start({ players: ['@everyone', 'bob'] });
  });
  afterAll(async () => {
    await world?.close();
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
