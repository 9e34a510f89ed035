import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { presetsOffered, privately } from './play.ts';
import type { World } from './world.ts';

/** A server's saved table setups: saved by the host, started by name, listed, deleted. */
describe('presets', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob'] });
  });

  const privateText = async (answer: Promise<APIMessage>) => (await privately(answer)).content ?? '';
  const preset = (as: string, subcommand: string, options: Record<string, string> = {}) =>
    privateText(world.reply(as, 'guts', { subcommandGroup: 'preset', subcommand, options }));

  it("saves the running table's setup, for its host only", async () => {
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', cap: 50, options: 'ties=no-split' },
    });
    await world.press('bob', lobby, 'Join').response();
    expect(await preset('bob', 'save', { name: 'Friday' })).toMatch(/Only the host/);
    expect(await preset('ann', 'save', { name: 'Friday' })).toMatch(
      /Saved \*\*friday\*\*: Iron Cross \(cap=50 ties=no-split\)/,
    );
    expect(await preset('ann', 'save', { name: 'no/slashes' })).toMatch(/1-32 letters/);
    expect(await preset('bob', 'list')).toMatch(/\*\*friday\*\*: Iron Cross/);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });

  it('offers the presets as the player types, and starts a table from one', async () => {
    const choices = await presetsOffered(world, 'bob', 'fr');
    expect(choices).toEqual([{ name: 'friday: Iron Cross', value: 'friday' }]);
    const refused = await privateText(
      world.reply('bob', 'guts', { subcommand: 'start', options: { preset: 'saturday' } }),
    );
    expect(refused).toMatch(/no preset called "saturday"/);
    const lobby = await world.reply('bob', 'guts', { subcommand: 'start', options: { preset: 'friday', timer: 45 } });
    expect(lobby.embeds[0]?.title).toBe('Guts: Iron Cross');
    const options = lobby.embeds[0]?.fields?.find((f) => f.name === 'Options')?.value ?? '';
    expect(options).toMatch(/timer 45s/);
    expect(options).toMatch(/Cap: 50/);
    expect(options).toMatch(/Ties: a tie carries the pot/);
    expect((await world.state()).host).toBe(world.user('bob').id);
    await world.reply('bob', 'guts', { subcommand: 'stop' });
  });

  it('lets whoever saved a preset delete it', async () => {
    expect(await preset('bob', 'delete', { name: 'friday' })).toMatch(/Only whoever saved a preset/);
    expect(await preset('ann', 'delete', { name: 'Friday' })).toMatch(/Deleted the preset "friday"/);
    expect(await preset('ann', 'delete', { name: 'friday' })).toMatch(/no preset called/);
    expect(await preset('bob', 'list')).toMatch(/No presets yet/);
    // Nothing to start: Ann is asked for a variant; Bob, who hosted the game that just
    // ended here, is offered it again beside that (issue 42: Play again).
    const nothing = await privateText(world.reply('ann', 'guts', { subcommand: 'start', options: {} }));
    expect(nothing).toMatch(/Pick a variant/);
    const offered = await privateText(world.reply('bob', 'guts', { subcommand: 'start', options: {} }));
    expect(offered).toMatch(/Iron Cross\. Play it again .* or pick a variant/);
  });
});
