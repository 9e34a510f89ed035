import { interactiveComponents, textOf, titleOf } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { HELP_MENU_ID } from '../../src/discord/views/rules.ts';
import { test } from './fixture.ts';
import { playToEnd, showdownThenHostAlone } from './play.ts';

/** The rest of a table's life: help and rules, leaving mid-game, re-posting the table, the game over. */
describe('around the game', () => {
  test('explains itself privately: /guts help and /guts rules', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann'] });
    const help = await world.reply('ann', 'guts', { subcommand: 'help' });
    expect(help.flags ?? 0).toBe(64);
    expect(help.content).toMatch(/^\*\*How a game goes\*\*/);
    expect(help.embeds).toEqual([]); // one screen: the steps and the commands, nothing pushing them away
    // Every option in words, grouped (a page each, picked in the menu), with its values and default.
    const pages = [];
    for (const group of ['money', 'declaring', 'extras']) {
      const page = await world.discord.selectOptions(world.user('ann'), help, HELP_MENU_ID, [group]).response();
      expect(page.flags ?? 0).toBe(64);
      pages.push(...page.embeds);
    }
    const options = pages.map((e) => e.description ?? '').join('\n');
    expect(pages.map((e) => e.title)).toEqual(['Options: money', 'Options: declaring', 'Options: extras']);
    // And back to how a game goes.
    const back = await world.discord.selectOptions(world.user('ann'), help, HELP_MENU_ID, ['how']).response();
    expect(back.content).toBe(help.content);
    expect(back.embeds).toEqual([]);
    expect(options).toMatch(/\*\*Late-drop penalty\*\* \(`dropPenalty=`\): .*default 0\./);
    expect(options).toMatch(/\*\*What losers pay\*\* \(`match=`\): .*burn:N.*default match the pot\./);
    expect(options.split('\n')).toHaveLength(27);
    const all = await world.reply('ann', 'guts', { subcommand: 'rules' });
    expect(all.embeds[0]?.fields?.length).toBeGreaterThanOrEqual(21);
    // Iron Cross step by step: the lines, the fourth card, the late-drop penalty, the phantom.
    const one = await world.reply('ann', 'guts', { subcommand: 'rules', options: { variant: 'iron-cross' } });
    expect(one.embeds[0]?.title).toBe('Iron Cross: how a deal goes');
    const steps = one.embeds[0]?.description ?? '';
    expect(steps).toMatch(/one line only: N-C-S, W-C-E/);
    expect(steps).toMatch(/Players still in get 1 more card/);
    expect(steps).toMatch(/Dropping now costs 10% of the pot .*rounded half up/);
    expect(one.embeds[0]?.fields?.find((f) => f.name === 'Also')?.value).toMatch(/phantom/);
  });

  test('leaves live buttons on one message only, even when a new game opens before the old one’s last edit', async ({
    startWorld,
  }) => {
    // Edits wait long enough that the second /guts start lands before game 1's last one.
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 100, editDelayMs: 700 });
    const lobby1 = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    await world.press('bob', lobby1, 'Join').response();
    await world.press('ann', lobby1, 'Deal').acknowledged();
    await playToEnd(world, showdownThenHostAlone('ann'));
    const lobby2 = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card' } });
    await world.bot.idle();
    // Buttons that stay on purpose: a result's Verify (it plays nothing, and a deal stays
    // checkable after its game) and game 1's Play again (refused plainly while game 2 is open).
    const stays = (c: { custom_id?: string }) => /:(verify|again)$/.test(String(c.custom_id));
    const live = world
      .messages()
      .filter((m) => interactiveComponents(m).some((c) => !c.disabled && !stays(c as { custom_id?: string })));
    expect(live.map((m) => `${m.embeds[0]?.title}`)).toEqual([lobby2.embeds[0]?.title]);
    expect(live.map((m) => m.id)).toEqual([lobby2.id]);
    // Game 1's lobby shows game 1, not the new game.
    const old = world.messages().find((m) => m.id === lobby1.id);
    expect(old?.embeds[0]?.title).toBe(lobby1.embeds[0]?.title);
  });

  test('lets a player leave after the deal, re-posts the table, and stops with the pot kept', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat', 'dan'], pauseMs: 300 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 5 } });
    for (const name of ['bob', 'cat', 'dan']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const deal1 = await world.waitForTitle(/: deal 1$/);
    expect((await world.press('dan', deal1, 'Leave').response()).content).toMatch(/leave the table after this deal/);
    const moved = await world.reply('cat', 'guts', { subcommand: 'table' });
    expect(titleOf(moved)).toMatch(/: deal 1$/);
    const old = await world.waitFor((m) => m.id === deal1.id && textOf(m).endsWith('The table moved: it is below.'));
    expect(interactiveComponents(old)).toHaveLength(0);
    for (const name of ['ann', 'bob', 'cat', 'dan']) await world.press(name, moved, 'Stay').response();
    await world.waitForTitle(/deal 1 result$/);
    const deal2 = await world.waitForTitle(/: deal 2$/);
    const state = await world.state();
    expect(state.deal?.players).not.toContain(world.user('dan').id);
    expect(state.players.map((p) => p.name)).toEqual(['ann', 'bob', 'cat']);
    const pot = state.pot;
    const stop = await world.reply('ann', 'guts', { subcommand: 'stop' });
    expect(stop.content).toMatch(/stop after this deal/);
    for (const name of ['ann', 'bob', 'cat']) await world.press(name, deal2, 'Drop').response();
    await world.waitForEmbed(/^Game over after 2 deals$/);
    const after = await world.state();
    expect(after.phase).toBe('over');
    expect(after.pot).toBe(pot); // everyone dropped: the pot carried, and stays with the channel
    const next = await world.reply('bob', 'guts', { subcommand: 'start', options: { variant: 'one-card' } });
    expect(textOf(next)).toContain(`Pot: ${pot}`);
  });
});
