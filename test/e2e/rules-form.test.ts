import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { privately } from './play.ts';
import type { World } from './world.ts';

/** The lobby's Rules button: the host changes the table's options by pressing, not typing. */
describe('the rules form', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob'] });
  });

  const optionsOf = (message: APIMessage) => message.embeds[0]?.fields?.find((f) => f.name === 'Options')?.value ?? '';
  const labels = (message: APIMessage) =>
    (message.components ?? []).flatMap((row) =>
      'components' in row ? row.components.map((c) => ('label' in c ? c.label : '')) : [],
    );
  /** The page of the host's menu whose modal has a field for `option`, opened. */
  async function openPageWith(menu: APIMessage, option: string) {
    for (const label of labels(menu)) {
      const press = world.press('ann', menu, label ?? '');
      await press.acknowledged();
      const fields = JSON.stringify(press.modal?.components ?? []);
      if (fields.includes(`"custom_id":"${option}"`)) return press;
    }
    throw new Error(`no page has ${option}`);
  }

  it('lets only the host open it, and changes the table through a modal checked by the rule book', async () => {
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'iron-cross' } });
    await world.press('bob', lobby, 'Join').response();
    const refused = await privately(world.press('bob', lobby, 'Rules').response());
    expect(refused.content).toMatch(/Only the host can change the rules/);

    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    expect(menu.content).toMatch(/Iron Cross/);
    expect(labels(menu)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Money: ante, /),
        expect.stringMatching(/^Declaring: /),
        expect.stringMatching(/^Extras: /),
      ]),
    );

    const page = await openPageWith(menu, 'cap');
    expect(page.modal?.title).toMatch(/^Rules: Money/);
    expect(page.modal?.components.length).toBeLessThanOrEqual(5);
    const submit = world.discord.submitModal(world.user('ann'), page, { cap: '50' });
    expect((await submit.acknowledged()).type).toBe(7);
    expect((await submit.response()).content).toMatch(/Changed: Cap → 50\./);
    const tiesPage = await openPageWith(menu, 'ties');
    const ties = world.discord.submitModal(world.user('ann'), tiesPage, { ties: 'no-split' });
    expect((await ties.response()).content).toMatch(/Changed: Ties → a tie carries the pot\./);
    const state = await world.until((s) => s.options.cap === 50 && s.options.ties === 'no-split');
    expect(state.options.cap).toBe(50);
    const edited = await world.waitFor(
      (m) => m.id === lobby.id && /Cap: 50/.test(optionsOf(m)) && /Ties: a tie carries the pot/.test(optionsOf(m)),
    );
    expect(optionsOf(edited)).toMatch(/Ties: a tie carries the pot/);

    // The same page again, opened with the new values filled in: nothing typed, nothing changed.
    const again = await openPageWith(menu, 'cap');
    const unchanged = world.discord.submitModal(world.user('ann'), again, {});
    expect((await unchanged.response()).content).toMatch(/^Nothing changed\./);
  });

  it("refuses a bad value naming the option, and keeps the host's other edits", async () => {
    const lobby = world.latest(/^Guts: Iron Cross/) as APIMessage;
    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    const ante = (await world.state()).options.ante;
    const page = await openPageWith(menu, 'ante');
    const bad = world.discord.submitModal(world.user('ann'), page, { ante: '0', cap: '60' });
    // Answered inside the form: the host's menu, updated in place, names what it refused.
    expect((await bad.acknowledged()).type).toBe(7);
    const said = (await bad.response()).content ?? '';
    expect(said).toMatch(/Changed: Cap → 60\./);
    expect(said).toMatch(/Not changed .*Ante/);
    expect((await world.until((s) => s.options.cap === 60)).options.ante).toBe(ante);
    const words = await privately(
      world.discord.submitModal(world.user('ann'), await openPageWith(menu, 'ante'), { ante: 'lots' }).response(),
    );
    expect(words.content).toMatch(/Nothing changed\.\n.*Ante/);
    expect((await world.state()).options.ante).toBe(ante);
  });

  it('offers the match rule as a choice, with its amount beside it', async () => {
    const lobby = world.latest(/^Guts: Iron Cross/) as APIMessage;
    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    const page = await openPageWith(menu, 'match');
    const fields = JSON.stringify(page.modal?.components ?? []);
    expect(fields).toMatch(/"custom_id":"match","options":\[\{"value":"pot"/);
    const submit = world.discord.submitModal(world.user('ann'), page, { match: 'burn', 'match-amount': '5' });
    expect((await submit.response()).content).toMatch(/Changed: What losers pay → burn 5\./);
    const state = await world.until((s) => s.options.match.kind === 'burn');
    expect(state.options.match).toEqual({ kind: 'burn', amount: 5 });
    const noAmount = world.discord.submitModal(world.user('ann'), await openPageWith(menu, 'match'), {
      match: 'percent',
      'match-amount': '',
    });
    expect((await noAmount.response()).content).toMatch(/Not changed .*What losers pay/);
  });

  it('turns switches on and off from one checkbox group', async () => {
    const lobby = world.latest(/^Guts: Iron Cross/) as APIMessage;
    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    const page = await openPageWith(menu, 'switches');
    const switches = (page.modal?.components ?? []).find((c) => JSON.stringify(c).includes('"custom_id":"switches"'));
    const name = (switches as unknown as { component: { options: { value: string }[] } }).component.options[0]
      ?.value as string;
    const before = (await world.state()).options as unknown as Record<string, boolean>;
    const ticked = before[name] ? [] : [name];
    await world.discord.submitModal(world.user('ann'), page, { switches: ticked }).response();
    const after = (await world.until((s) => (s.options as unknown as Record<string, boolean>)[name] !== before[name]))
      .options as unknown as Record<string, boolean>;
    expect(after[name]).toBe(!before[name]);
  });

  it('gives the table another language from its last page: the lobby is drawn again in it', async () => {
    const lobby = world.latest(/^Guts: Iron Cross/) as APIMessage;
    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    const page = await openPageWith(menu, 'language');
    const picked = world.discord.submitModal(world.user('ann'), page, { language: 'it' });
    expect((await picked.response()).content).toBeTruthy();
    const italian = await world.waitFor(
      (m) => m.id === lobby.id && (m.embeds[0]?.fields ?? []).some((f) => f.name === 'Opzioni'),
    );
    expect(italian.embeds[0]?.fields?.map((f) => f.name)).toEqual(expect.arrayContaining(['Opzioni', 'Piatto']));
    // And back, for the tests after this one.
    const back = world.discord.submitModal(world.user('ann'), await openPageWith(menu, 'language'), {
      language: 'en-US',
    });
    await back.response();
    await world.waitFor((m) => m.id === lobby.id && (m.embeds[0]?.fields ?? []).some((f) => f.name === 'Options'));
  });

  it('is closed once the first deal is dealt', async () => {
    const lobby = world.latest(/^Guts: Iron Cross/) as APIMessage;
    const menu = await privately(world.press('ann', lobby, 'Rules').response());
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.until((s) => s.phase === 'deal');
    const late = await privately(world.press('ann', menu, labels(menu)[0] ?? '').response());
    expect(late.content).toMatch(/old|rules are set|over/i);
    await world.reply('ann', 'guts', { subcommand: 'stop' });
  });
});
