import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { test } from './fixture.ts';
import { answeredQuietly, buttonId, expectCardsPrivate, playToEnd, privately } from './play.ts';
import type { World } from './world.ts';

const ADD = 'Add computer player: pick how it plays (host)';
const isGameOver = (m: APIMessage) => m.embeds.some((e) => /^Game over after/.test(e.title ?? ''));

/** Ann stays whenever she is asked until the game is over; the computers play for themselves. */
async function annStaysToTheEnd(world: World): Promise<void> {
  const ann = world.user('ann').id;
  for (let guard = 0; guard < 50; guard++) {
    const state = await world.until((s: GameState) => {
      const w = awaiting(s);
      return ('pending' in w && w.pending.includes(ann)) || s.phase === 'over';
    }, 30_000);
    if (state.phase === 'over') return;
    const table = await world.waitFor(
      (m) => /: deal \d+$/.test(titleOf(m)) && /:stay"/.test(JSON.stringify(m.components)),
    );
    await answeredQuietly(world.press('ann', table, buttonId(table, 'stay')));
    await world.until((s: GameState) => JSON.stringify(s) !== JSON.stringify(state), 30_000);
  }
  throw new Error('the game did not end');
}

describe('play again', () => {
  test('the host opens the same table again in one press: seats, variant and options kept; Deal starts it', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'two-card', ante: 3, timer: 40 },
    });
    for (const level of ['balanced', 'bold']) {
      await privately(world.discord.selectOptions(world.user('ann'), lobby, ADD, [level]).response());
    }
    await world.until((s) => s.players.length === 3);
    await world.press('ann', lobby, 'Deal').acknowledged();
    // Stopped during the first deal: the game ends with it.
    expect((await world.reply('ann', 'guts', { subcommand: 'stop' })).content).toMatch(/stop after this deal/);
    await annStaysToTheEnd(world);
    const first = await world.state();
    const over = await world.waitFor(isGameOver);

    // /guts start without a variant offers the host that game again; anyone else picks a variant.
    const offer = await privately(world.reply('ann', 'guts', { subcommand: 'start', options: {} }));
    expect(offer.content).toMatch(/Your last game here was Two-card/);
    expect(buttonId(offer, 'again')).toBe(buttonId(over, 'again'));
    const bobStarts = await privately(world.reply('bob', 'guts', { subcommand: 'start', options: {} }));
    expect(bobStarts.content).toMatch(/Pick a variant/);

    // Bob is not the host: refused, privately, and nothing opens.
    const bobs = await privately(world.press('bob', over, 'Play again').response());
    expect(bobs.content).toMatch(/Only the host can play again/);
    expect((await world.tableRecord()).running).toBeFalsy();

    const again = await world.press('ann', over, 'Play again').response();
    expect(again.flags ?? 0, 'the new lobby is public').toBe(0);
    expect(textOf(again)).toMatch(/🤖 Ada/);
    expect(textOf(again)).toMatch(/🤖 Babbage/);
    const next = await world.state();
    expect(next.phase).toBe('lobby');
    expect(next.variant).toBe('two-card');
    expect(next.options).toEqual(first.options);
    expect(next.options.ante).toBe(3);
    expect(next.players.map((p) => [p.id, p.computer ?? null])).toEqual(
      first.players.map((p) => [p.id, p.computer ?? null]),
    );

    // A second press once the lobby is open is refused plainly.
    const twice = await privately(world.press('ann', over, 'Play again').response());
    expect(twice.content).toMatch(/already running here/);

    await world.press('ann', again, 'Deal').acknowledged();
    const dealt = await world.until((s) => s.phase === 'deal');
    expect(dealt.deal?.players.length).toBe(3);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('the people Play again asks back take their seats with a press, and each gets their cards; the phrase stays', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000, fairDeals: true });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', phrase: 'lucky sevens' },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await privately(world.discord.selectOptions(world.user('ann'), lobby, ADD, ['balanced']).response());
    await world.until((s) => s.players.length === 4);
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.reply('ann', 'guts', { subcommand: 'stop' });
    await playToEnd(world, () => 'stay');
    const over = await world.waitFor(isGameOver);
    const earlier = new Set(['ann', 'bob', 'cat'].flatMap((name) => world.messages(name).map((m) => m.id)));

    const again = await world.press('ann', over, 'Play again').response();
    // The computer is back at once; Bob and Cat are asked back, not seated without a press.
    expect(textOf(again)).toMatch(/Back from the last game/);
    expect(textOf(again)).toMatch(/bob\*\*, \*\*cat\*\*: press Join/);
    const next = await world.state();
    expect(next.players.map((p) => p.computer ?? p.id)).toEqual([world.user('ann').id, 'balanced']);
    for (const name of ['bob', 'cat']) await world.press(name, again, 'Join').response();
    await world.until((s) => s.players.length === 4);
    const seated = await world.waitFor((m) => m.id === again.id && !/Back from the last game/.test(textOf(m)));
    expect(textOf(seated)).toMatch(/cat/);

    await world.press('ann', again, 'Deal').acknowledged();
    await world.until((s) => s.phase === 'deal');
    // Everyone's cards came in the deal's private message, with no My cards to press.
    for (const name of ['ann', 'bob', 'cat']) {
      await world.waitFor((m) => !earlier.has(m.id) && /\*\*Your cards\*\*/.test(m.content ?? ''), name);
    }
    expectCardsPrivate(world, ['ann', 'bob', 'cat'], earlier);
    const table = await world.waitFor((m) => !earlier.has(m.id) && /: deal 2$/.test(titleOf(m)));
    expect(textOf(table)).not.toMatch(/Didn't get your cards/);
    // The same guarantee as a new game's: the phrase, and the presses of its people.
    const fair = (await world.state()).fair;
    expect(fair?.phrase).toBe('lucky sevens');
    expect(fair?.presses).toHaveLength(3);
    expect(fair?.clientSeed).toBe(`${fair?.presses.join('-')} lucky sevens`);
    expect((await world.audit()).problems).toEqual([]);
  });
});
