import { textOf } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { deckOf, hashed } from '../fair-check.ts';
import { test } from '../fixture.ts';
import { ActivitySocket, withActivity } from './sockets.ts';

/** A card's number on docs/FAIRNESS.md (rank × 4 + suit) from its code ("Ts"). */
const cardNumber = (code: string) => '23456789TJQKA'.indexOf(code[0] as string) * 4 + 'cdhs'.indexOf(code[1] as string);

/**
 * A game joined and dealt from the Activity alone is as fair as a chat game
 * (docs/FAIRNESS.md): its client seed is made of ids Discord made after the lobby showed
 * the commitment (the instance's launch id), and its proof checks by the page's rules.
 */
describe('fair decks in the Activity', () => {
  test('a game joined and dealt only from the page has a proof that checks by FAIRNESS.md', async ({ startWorld }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], fairDeals: true }));
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    const commitment = /`([0-9a-f]{64})`/.exec(textOf(lobby))?.[1] as string;
    expect(commitment, 'the lobby shows the commitment').toMatch(/^[0-9a-f]{64}$/);

    // Launched after the lobby; nobody presses anything in the chat from here on.
    const [ann, bob] = await ActivitySocket.annHostsBobJoins(world);
    expect(await ann.press('deal')).toMatchObject({ text: null, ok: true });
    for (const player of [ann, bob]) {
      await player.waitForTable((t) => t.phase === 'deal' && t.awaiting.pending.length > 0);
      expect(await player.press('stay')).toMatchObject({ ok: true });
    }
    const { showdown } = await bob.waitForTable((t) => t.showdown?.proof != null);
    const proof = showdown?.proof;
    if (!proof || !showdown) throw new Error('no proof');

    // Every id of the client seed is a snowflake Discord made after the lobby message.
    const ids = proof.clientSeed.split('-');
    expect(ids.length, 'a Join and a Deal').toBeGreaterThanOrEqual(2);
    for (const id of ids) expect(BigInt(id) > BigInt(lobby.id), `${id} is later than the lobby`).toBe(true);
    expect(proof.commitment).toBe(commitment);
    expect(hashed(proof.serverSeed, proof.dealNo)).toBe(commitment);
    // The hands shown are the deck's first cards, dealt one at a time round the table.
    const deck = deckOf(proof.serverSeed, proof.clientSeed, proof.dealNo);
    const shown = showdown.hands.map((h) => h.cards.map((c) => cardNumber(c.code)));
    const all = shown.flat();
    expect([...all].sort((a, b) => a - b)).toEqual(deck.slice(0, all.length).sort((a, b) => a - b));
    for (const cards of shown) expect(new Set(cards.map((c) => deck.indexOf(c) % shown.length)).size).toBe(1);
    ann.close();
    bob.close();
  }, 120_000);

  test('an Activity launched before the lobby adds nothing: its Deal asks for the chat’s, whose id seeds the deck', async ({
    startWorld,
  }) => {
    const world = await startWorld(withActivity({ players: ['ann', 'bob'], fairDeals: true }));
    const instance = world.discord.launchActivity(world.user('ann'), world.channel);
    const [ann, bob] = (await ActivitySocket.openAll(world, ['ann', 'bob'], instance.instanceId)) as [
      ActivitySocket,
      ActivitySocket,
    ];
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    // The pages were open before the lobby: they show the table once the bot tells them.
    await bob.waitForTable((t) => t.phase === 'lobby');
    expect(await bob.press('join')).toMatchObject({ ok: true });
    await ann.waitForTable((t) => t.seats.length === 2);
    // The bot knew this instance's launch id before it drew the game's seeds.
    expect(await ann.press('deal')).toMatchObject({
      ok: false,
      text: expect.stringMatching(/press Deal on the lobby/),
    });
    expect((await world.state()).phase).toBe('lobby');

    await world.press('ann', lobby, 'Deal').acknowledged();
    const dealt = await ann.waitForTable((t) => t.fair?.clientSeed != null);
    const ids = String(dealt.fair?.clientSeed).split('-');
    expect(ids).not.toContain(instance.launchId);
    expect(ids).toHaveLength(1);
    expect(BigInt(ids[0] as string) > BigInt(lobby.id)).toBe(true);
    ann.close();
    bob.close();
  }, 120_000);
});
