import { describe, expect, it } from 'vitest';
import { test } from './fixture.ts';
import { openAndDeal, playToEnd, showdownThenHostAlone } from './play.ts';
import type { World } from './world.ts';

/** discord.js's queues for routes through an interaction token (`/webhooks/:app/:token`): their key ends in app/token. */
const tokenQueues = (world: World) =>
  [...world.bot.client.rest.handlers.keys()].filter((k) => /:\d{17,19}\/[^/]+$/.test(k));

/** The route hashes (bucket ids) learnt for routes through an interaction token. */
const tokenHashes = (world: World) => [...world.bot.client.rest.hashes.keys()].filter((k) => /\/webhooks\//.test(k));

describe('what interaction tokens leave behind', () => {
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({
      players: ['ann', 'bob', 'cat'],
      restHandlerSweepMs: 1_000,
      restHashLifetimeMs: 1_000,
      restHashSweepMs: 1_000,
    });
  });

  it("drops each token's REST queue once it is idle: the count follows the tables in play, not the deals played", async () => {
    const swept: string[] = [];
    world.bot.client.rest.on('restDebug', (line) => {
      const key = /swept due to being inactive/.test(line) ? /for (\S+) swept/.exec(line)?.[1] : undefined;
      if (key && /:\d{17,19}\/[^/]+$/.test(key)) swept.push(key);
    });
    const sweptHashes: string[] = [];
    world.bot.client.rest.on('hashSweep', (hashes) => {
      sweptHashes.push(...[...hashes.keys()].filter((k) => /\/webhooks\//.test(k)));
    });
    await openAndDeal(world, 'three-card');
    const deals = await playToEnd(world, showdownThenHostAlone('ann'));
    expect(deals).toBeGreaterThanOrEqual(2);
    await world.bot.idle();
    // The game is over: within a few sweeps no token queue is left, and some were swept.
    const end = Date.now() + 15_000;
    while (tokenQueues(world).length > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    expect(tokenQueues(world)).toEqual([]);
    expect(swept.length).toBeGreaterThan(0);
    // Nor any token route's rate-limit bucket id, which discord.js would keep a day by default.
    while (tokenHashes(world).length > 0 && Date.now() < end + 10_000) await new Promise((r) => setTimeout(r, 200));
    expect(tokenHashes(world)).toEqual([]);
    expect(sweptHashes.length).toBeGreaterThan(0);
  });

  it("frees what a table held once its game ends: runtime, chat's notes, tokens, private messages, edits", async () => {
    const held = () => {
      const c = world.bot.cacheSizes();
      return [c.heldTables, c.tokens, c.privateMessages, c.pendingEdits, c.chatNotes].map((x) => x?.size);
    };
    await openAndDeal(world, 'three-card');
    await world.bot.idle();
    const [heldTables, tokens, , , chatNotes] = held();
    expect(heldTables).toBe(1);
    expect(chatNotes).toBe(1);
    expect(tokens).toBeGreaterThanOrEqual(3); // each player's press (and the host's command) keeps a token
    await playToEnd(world, showdownThenHostAlone('ann'));
    await world.bot.idle();
    const end = Date.now() + 10_000;
    while (held().some((n) => n !== 0) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(held()).toEqual([0, 0, 0, 0, 0]);
    // And a new game at the table holds it again.
    await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    expect(held()[0]).toBe(1);
  });
});
