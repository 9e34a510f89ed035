import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { test } from '../fixture.ts';
import type { World } from '../world.ts';
import { ActivitySocket, withActivity } from './sockets.ts';

const isGameOver = (m: APIMessage) => m.embeds.some((e) => /^Game over after/.test(e.title ?? ''));

/** One deal from the page: Ann stays, Bob drops, and the game is over (three-card ends when the pot is taken). */
async function playOneDeal(world: World, ann: ActivitySocket, bob: ActivitySocket): Promise<void> {
  expect(await ann.press('deal')).toMatchObject({ ok: true });
  await ann.waitForTable((t) => t.phase === 'deal' && t.awaiting.pending.length > 0);
  expect(await ann.press('stay')).toMatchObject({ ok: true });
  await bob.waitForTable((t) => t.phase === 'deal' && t.awaiting.pending.includes(bob.table?.you ?? ''));
  expect(await bob.press('drop')).toMatchObject({ ok: true });
  await world.waitFor(isGameOver);
  await ann.waitForTable((t) => t.phase === 'over');
}

/**
 * Play again pressed on the page (issue 55): the next game gets the same lobby message in
 * the chat that the chat's own Play again posts, so the chat can join and deal it without
 * `/guts table`.
 */
describe('Play again from the Activity', () => {
  test("posts the next game's lobby in the chat, as the chat's button does", async ({ startWorld }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], pauseMs: 60_000 }));
    const first = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 5 },
    });
    const [ann, bob] = await ActivitySocket.annHostsBobJoins(world);
    await playOneDeal(world, ann, bob);

    const table = world.latest(/^Three-card guts: deal 1$/) as APIMessage;
    expect(await ann.press('again')).toMatchObject({ ok: true });
    await world.until((s) => s.phase === 'lobby');
    const lobby = await world.waitFor((m) => m.id !== first.id && titleOf(m) === titleOf(first));
    // The lobby the chat's Play again posts: the variant, its ante, and Bob asked back to Join.
    expect(textOf(lobby)).toMatch(/Options: ante 5/);
    expect(textOf(lobby)).toMatch(/bob/);
    // It is the table's lobby: Bob joins from it and Ann deals from it, with no /guts table.
    // The ended game's table message keeps its own deal's number once the next game opens
    // (edited from the opening game's runtime, it said "deal 2", a deal it never had).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ended = world.messages().find((m) => m.id === table.id) as APIMessage;
    expect(titleOf(ended)).toBe('Three-card guts: deal 1');
    expect(textOf(ended)).toMatch(/Game over: the result and the final standings are below/);
    await world.press('bob', lobby, 'Join').acknowledged();
    await world.until((s) => s.players.length === 2);
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.until((s) => s.phase === 'deal');
    ann.close();
    bob.close();
  }, 120_000);
});
