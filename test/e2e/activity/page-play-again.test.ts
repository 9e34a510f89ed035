import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect, vi } from 'vitest';
import type { TableSteps } from '../../../src/table/steps.ts';
import { test } from '../fixture.ts';
import type { World } from '../world.ts';
import { ActivitySocket, withActivity } from './sockets.ts';

const isGameOver = (m: APIMessage) => m.embeds.some((e) => /^Game over after/.test(e.title ?? ''));

/**
 * One deal from the page: Ann stays, Bob drops, and the game is over (three-card ends when
 * the pot is taken). The post of the game's result meets a rate limit of `heldMs`: this
 * returns once the bot has met it, the ended game's publishing not done.
 */
async function playOneDealResultHeld(world: World, ann: ActivitySocket, bob: ActivitySocket, heldMs: number) {
  expect(await ann.press('deal')).toMatchObject({ ok: true });
  await ann.waitForTable((t) => t.phase === 'deal' && t.awaiting.pending.length > 0);
  expect(await ann.press('stay')).toMatchObject({ ok: true });
  await bob.waitForTable((t) => t.phase === 'deal' && t.awaiting.pending.includes(bob.table?.you ?? ''));
  // The table's messages go out as follow-ups of /guts start's interaction.
  world.discord.failRoute('POST /webhooks/*/*', 429, 1, { retryAfterMs: heldMs });
  expect(await bob.press('drop')).toMatchObject({ ok: true });
  await ann.waitForTable((t) => t.phase === 'over');
  await expect.poll(() => world.discord.pendingFaults(), { timeout: 10_000, interval: 20 }).toBe(0);
}

/**
 * Holds the next step the table layer runs until `release`: a game opening is held after
 * it has taken the table's runtime (numbering its deals from the new base) and before its
 * first step commits. Only reaching into the bot's table layer can stop it there.
 */
function holdNextStep(world: World): { reached: Promise<void>; release: () => void } {
  const inner = world.bot.tables as unknown as { commands: { deps: { opener: { deps: { steps: TableSteps } } } } };
  const steps = inner.commands.deps.opener.deps.steps;
  const run = steps.run.bind(steps);
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reach = () => {};
  const reached = new Promise<void>((resolve) => {
    reach = resolve;
  });
  vi.spyOn(steps, 'run').mockImplementationOnce(async (...args) => {
    reach();
    await gate;
    return run(...args);
  });
  return { reached, release };
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
    await playOneDealResultHeld(world, ann, bob, 1_000);
    const table = world.latest(/^Three-card guts: deal 1$/) as APIMessage;

    // Play again as soon as the page shows the game over, while the chat is still being
    // told: the next game opens and is held between taking the table's runtime and its
    // first commit, while the ended game's publishing ends and its last edits go out (the
    // window in which the ended game's table message was edited as "deal 2", every time).
    const hold = holdNextStep(world);
    const again = ann.press('again');
    await hold.reached;
    // The window itself: the next game's runtime numbers its deals on from deal 1, uncommitted.
    const { id } = await world.tableRecord();
    expect(world.bot.tables.heldTable(id)?.notes.dealBase).toBe(1);
    await world.waitFor(isGameOver);
    await world.bot.publisher.idle();
    hold.release();
    expect(await again).toMatchObject({ ok: true });
    await world.until((s) => s.phase === 'lobby');
    const lobby = await world.waitFor((m) => m.id !== first.id && titleOf(m) === titleOf(first));
    // The lobby the chat's Play again posts: the variant, its ante, and Bob asked back to Join.
    expect(textOf(lobby)).toMatch(/Options: ante 5/);
    expect(textOf(lobby)).toMatch(/bob/);
    // It is the table's lobby: Bob joins from it and Ann deals from it, with no /guts table.
    // The ended game's table message keeps its own deal's number once the next game opens
    // (edited from the opening game's runtime, it said "deal 2", a deal it never had).
    await world.bot.publisher.idle();
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
