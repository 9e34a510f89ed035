import { AdjustableClock, textOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { awaiting } from '../../../src/engine/index.ts';
import { test } from '../fixture.ts';
import type { World } from '../world.ts';
import { ActivitySocket, withActivity } from './sockets.ts';

/**
 * Where the bot is no member (a group DM), its chat output rides the tokens of the
 * presses made there, which live 15 minutes. A game played from the Activity's page makes
 * none: the chat's table card is handed over to the Activity (README: Play in an Activity)
 * while a token can still edit it, the game never waits for a chat press, and no message
 * is left asking for a press on a deal long gone.
 */

const PAUSE_MS = 5_000;
const TOKEN_LIFE_MS = 15 * 60_000;

/** The table's buttons that ask for a move in the chat. */
const asksForMove = (m: APIMessage) => /:(stay|drop|take)"/.test(JSON.stringify(m.components ?? []));

/** Every seat pending in the deal under way stays, from the page, until the deal is over. */
async function playDealFromPage(world: World, sockets: Map<string, ActivitySocket>): Promise<void> {
  const { dealNo } = await world.until((s) => s.phase === 'deal');
  for (let guard = 0; guard < 20; guard++) {
    const state = await world.state();
    const w = awaiting(state);
    if (state.dealNo !== dealNo || w.kind !== 'declare') return;
    const id = w.turn ?? (w.pending[0] as string);
    const socket = sockets.get(id) as ActivitySocket;
    await socket.waitForTable((t) => t.awaiting.pending.includes(id));
    expect(await socket.press('stay'), `${socket.name} stays`).toMatchObject({ ok: true, text: null });
    await world.until((s) => JSON.stringify(s) !== JSON.stringify(state));
  }
  throw new Error('the deal did not end');
}

describe('the Activity where the bot is no member', () => {
  test('a group DM game played only from the page: chat says where it is, and never waits or asks for a stale press', async ({
    startWorld,
  }) => {
    const clock = new AdjustableClock();
    const world = await startWorld(
      withActivity({ place: 'group-dm', rateLimits: 'none', players: ['ann', 'bob'], clock, pauseMs: PAUSE_MS }),
    );
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const [ann, bob] = await ActivitySocket.annHostsBobJoins(world);
    const sockets = new Map([ann, bob].map((s) => [world.user(s.name).id, s]));
    expect(await ann.press('deal')).toMatchObject({ ok: true });

    // The deal is pressed in the Activity: the lobby, edited through its own token, says so.
    const handedOver = await world.waitFor(
      (m) => m.id === lobby.id && /Playing in the Activity/.test(textOf(m)) && !asksForMove(m),
    );
    expect(JSON.stringify(handedOver.components)).toContain('Open table');
    await playDealFromPage(world, sockets);

    // Every token the chat ever had dies; the game goes on from the page all the same.
    world.advanceClock(TOKEN_LIFE_MS + PAUSE_MS);
    await world.until((s) => s.dealNo === 2 && s.phase === 'deal');
    await playDealFromPage(world, sockets);
    await world.bot.idle();

    // The chat holds nothing that asks for a move, and its last word on the table is where the game is.
    const shown = world.messages();
    expect(shown.filter(asksForMove).map(textOf)).toEqual([]);
    expect(shown.some((m) => /Playing in the Activity/.test(textOf(m)))).toBe(true);
    expect(world.discord.followUpLimitHits()).toBe(0);
    ann.close();
    bob.close();
  }, 120_000);
});
