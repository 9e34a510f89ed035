import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import type { World } from './world.ts';

/** Choosing a variant by typing: Discord's autocomplete, names and nicknames, and what /guts rules says. */
describe('choosing a variant', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob'] });
  });

  it('suggests variants as the player types, nicknames included', async () => {
    const typing = (text: string) =>
      world.discord.autocomplete(
        world.user('ann'),
        world.channel,
        'guts',
        {
          subcommand: 'start',
          options: { variant: text },
        },
        'variant',
      );
    const choices = await typing('357').choices();
    expect(choices[0]).toEqual({ name: 'Three-five-seven', value: 'three-five-seven' });
    expect((await typing('iron').choices()).map((c) => c.value)).toEqual(['iron-cross', 'iron-cross-five']);
    expect(await typing('no such game').choices()).toEqual([]);
    expect((await typing('').choices()).length).toBeGreaterThan(15);
  });

  it('says which money rule a variant uses', async () => {
    const seven = await world.reply('ann', 'guts', { subcommand: 'rules', options: { variant: 'three-five-seven' } });
    const money = seven.embeds[0]?.fields?.find((f) => f.name === 'Money')?.value ?? '';
    expect(money).toMatch(/to the winner/);
    expect(money).toMatch(/3 legs take the pot/);
    const three = await world.reply('ann', 'guts', { subcommand: 'rules', options: { variant: 'three-card' } });
    expect(three.embeds[0]?.fields?.find((f) => f.name === 'Money')?.value).toMatch(/match the pot/);
  });

  it('refuses a variant it does not know, privately, and starts one typed by its nickname', async () => {
    const refused = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'checkers' } });
    expect(refused.flags ?? 0).toBe(64);
    expect(refused.content).toMatch(/don't know a variant called "checkers"/);
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: '357' } });
    expect(lobby.embeds[0]?.title).toMatch(/Three-five-seven/);
  });
});
