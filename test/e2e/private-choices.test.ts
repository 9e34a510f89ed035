import { titleOf } from '@guts/local-discord';
import { type APIMessage, InteractionResponseType } from 'discord-api-types/v10';
import { beforeEach, describe, expect, onTestFinished } from 'vitest';
import { test } from './fixture.ts';
import { buttonId } from './play.ts';
import type { World } from './world.ts';

/** Stay and Drop sit beside each player's cards: a choice pressed there redraws that message, and adds none. */

const isPrivate = (m: APIMessage) => ((m.flags ?? 0) & 64) !== 0;
const labels = (m: APIMessage) =>
  [...JSON.stringify(m.components ?? []).matchAll(/"label":"([^"]+)"/g)].map((x) => x[1]);

describe('choosing beside your cards', () => {
  // One world for the file (the same bot options for every test); each test plays at a table of its own.
  let world: World;
  test.beforeAll(async ({ worlds }) => {
    world = await worlds.start({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
  });
  beforeEach(() => {
    world.freshChannel();
  });

  /** Ann opens three-card guts, Bob and Cat sit down, Ann deals: each player's private cards of deal 1. */
  async function dealt(w: World, timer?: number) {
    const options = { variant: 'three-card', ante: 5, ...(timer ? { timer } : {}) };
    const lobby = await w.reply('ann', 'guts', { subcommand: 'start', options });
    for (const name of ['bob', 'cat']) await w.press(name, lobby, 'Join').response();
    await w.press('ann', lobby, 'Deal').acknowledged();
    const table = await w.waitForTitle(/^Three-card guts: deal 1$/);
    const cards = Object.fromEntries(
      await Promise.all(
        ['ann', 'bob', 'cat'].map(async (name) => [
          name,
          await w.waitFor(
            (m) => isPrivate(m) && /\*\*Your cards\*\*/.test(m.content ?? '') && labels(m).includes('Stay'),
            name,
          ),
        ]),
      ),
    ) as Record<string, APIMessage>;
    return { table, cards };
  }

  test('offers Stay and Drop with the cards, answers a press there in place, and keeps the cards at the reveal', async () => {
    const w = world;
    const { table, cards } = await dealt(w);
    for (const name of ['ann', 'bob', 'cat']) expect(labels(cards[name] as APIMessage)).toEqual(['Stay', 'Drop']);
    const privateCount = (name: string) => w.messages(name).filter(isPrivate).length;
    const before = privateCount('ann');
    // Every version of Ann's cards from her press on: none may be drawn back to before her choice.
    const annVersions: APIMessage[] = [];
    const keepAnnVersions = ({ message }: { message: APIMessage }) => {
      if (message.id === cards.ann?.id) annVersions.push(message);
    };
    w.discord.on('messageUpdate', keepAnnVersions);
    onTestFinished(() => void w.discord.off('messageUpdate', keepAnnVersions));

    // Ann stays from her cards: the press itself redraws them (UPDATE_MESSAGE, or on a busy
    // machine a deferred update the bot then edits in place), with her choice and no buttons.
    const annPress = w.press('ann', cards.ann as APIMessage, buttonId(cards.ann as APIMessage, 'stay'));
    expect([InteractionResponseType.UpdateMessage, InteractionResponseType.DeferredMessageUpdate]).toContain(
      (await annPress.acknowledged()).type,
    );
    const annNow = await annPress.response();
    expect(annNow.id).toBe(cards.ann?.id);
    expect(annNow.content).toMatch(/\*\*You stay\*\*/);
    expect(annNow.content?.split('\n').find((l) => l.includes('**Your cards**'))).toBe(
      cards.ann?.content?.split('\n').find((l) => l.includes('**Your cards**')),
    );
    expect(labels(annNow)).toEqual([]);
    expect(privateCount('ann'), 'no new message for Ann').toBe(before);

    // Bob drops from the table message instead: answered quietly there, his own cards say so.
    const bobPress = w.press('bob', table, buttonId(table, 'drop'));
    expect((await bobPress.acknowledged()).type).toBe(InteractionResponseType.DeferredMessageUpdate);
    const bobNow = await w.waitFor((m) => m.id === cards.bob?.id && /\*\*You drop\*\*/.test(m.content ?? ''), 'bob');
    expect(labels(bobNow)).toEqual([]);

    // Cat's choice is the last: the deal is settled, and her message keeps her cards with the answer under them.
    const catPress = w.press('cat', cards.cat as APIMessage, buttonId(cards.cat as APIMessage, 'stay'));
    const catNow = await catPress.response();
    expect(catNow.id).toBe(cards.cat?.id);
    expect(catNow.content).toContain(cards.cat?.content?.split('\n').find((l) => l.includes('**Your cards**')));
    expect(catNow.content).toMatch(/\nYou stay\. Everyone has chosen/);
    expect(labels(catNow)).toEqual([]);
    await w.waitFor((m) => /deal 1 result$/.test(titleOf(m)));
    await w.bot.idle();
    // Ann's message was never drawn back to an earlier moment (no choice, buttons again) by a step published late.
    expect(annVersions.length).toBeGreaterThan(0);
    for (const version of annVersions) {
      // During the deal "You stay"; once it is over, in the past tense (nothing reads as current).
      expect(version.content).toMatch(/\*\*You stay(ed)?\*\*/);
      expect(labels(version)).toEqual([]);
    }
    expect((await w.audit()).ok).toBe(true);
  });

  test("takes the buttons off a player's cards when the countdown ends the deal without their choice", async () => {
    const w = world;
    const { cards } = await dealt(w, 10);
    for (const name of ['ann', 'bob']) {
      const message = cards[name] as APIMessage;
      await w.press(name, message, buttonId(message, 'stay')).response();
    }
    // Cat never chooses: the countdown drops her, the deal is settled, her Stay and Drop go.
    await w.waitFor((m) => /deal 1 result$/.test(titleOf(m)), undefined, 20_000);
    const catNow = await w.waitFor((m) => m.id === cards.cat?.id && labels(m).length === 0, 'cat');
    // Her cards as they were, and the deal told as over: the countdown dropped her.
    expect(catNow.content).toBe(
      `${cards.cat?.content}\n**You dropped**. This deal is over: its result is in the channel.`,
    );
    // The others' messages keep their choice, told as over; nothing new was posted to them.
    for (const name of ['ann', 'bob']) {
      const mine = w.messages(name).find((m) => m.id === cards[name]?.id) as APIMessage;
      expect(mine.content).toMatch(/\*\*You stay(ed)?\*\*/);
      expect(labels(mine)).toEqual([]);
    }
  });

  test('takes a double tap on the cards: both presses answered in place, no new message, Ann stays', async () => {
    const w = world;
    const { cards } = await dealt(w);
    const ann = cards.ann as APIMessage;
    const before = w.messages('ann').filter(isPrivate).length;
    const presses = [w.press('ann', ann, buttonId(ann, 'stay')), w.press('ann', ann, buttonId(ann, 'stay'))];
    for (const press of presses) {
      const answer = await press.response();
      expect(answer.id).toBe(ann.id);
      expect(answer.content).toMatch(/\*\*You stay\*\*/);
    }
    expect(w.messages('ann').filter(isPrivate).length).toBe(before);
    expect(labels(w.messages('ann').find((m) => m.id === ann.id) as APIMessage)).toEqual([]);
    // A second Stay in a simultaneous round declares the same again (a choice may change until the reveal).
    expect((await w.state()).deal?.choices).toEqual({ [w.user('ann').id]: 'stay' });
    expect((await w.audit()).ok).toBe(true);
  });

  test('draws the cards as the table stands when the answer that was to redraw them fails', async () => {
    const w = world;
    const { cards } = await dealt(w);
    const ann = cards.ann as APIMessage;
    // Discord refuses the press's answer (its callback): the step is committed all the same.
    w.discord.failRoute('POST /interactions/*/*/callback', 400, 1);
    w.press('ann', ann, buttonId(ann, 'stay'));
    const annNow = await w.waitFor(
      (m) => m.id === ann.id && /\*\*You stay\*\*/.test(m.content ?? '') && labels(m).length === 0,
      'ann',
    );
    expect(annNow.content).toContain(ann.content?.split('\n').find((l) => l.includes('**Your cards**')));
    expect((await w.state()).deal?.choices).toEqual({ [w.user('ann').id]: 'stay' });
  });
});
