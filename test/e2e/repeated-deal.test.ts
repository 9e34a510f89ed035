import type { APIMessage } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { test } from './fixture.ts';
import { answeredQuietly, playToEnd, showdownThenHostAlone } from './play.ts';

/**
 * A host who presses Deal again and again while the deal is being dealt: one deal
 * starts, and the extra presses are acknowledged without a word (no "That deal is
 * over" just as it begins).
 */
test('Deal pressed four times within a second starts one deal, quietly', async ({ startWorld }) => {
  const world = await startWorld({ players: ['ann', 'bob', 'cat'] });
  const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 5 } });
  for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();

  // Two presses at once (both reach the table before the deal is written), then two
  // more once the first is acknowledged (the deal is written by then).
  const first = [world.press('ann', lobby, 'Deal'), world.press('ann', lobby, 'Deal')];
  await first[0]?.acknowledged();
  const presses = [...first, world.press('ann', lobby, 'Deal'), world.press('ann', lobby, 'Deal')];
  const answers = [];
  for (const press of presses)
    answers.push((await answeredQuietly(press)) ? 'quiet' : (await press.response()).content);
  expect(answers, 'each Deal is acknowledged without a message').toEqual(['quiet', 'quiet', 'quiet', 'quiet']);
  await world.until((s) => s.phase !== 'lobby');

  const steps = await world.database.db.selectFrom('game_steps').select('events').execute();
  const started = steps
    .flatMap((r) => JSON.parse(r.events) as { type: string }[])
    .filter((e) => e.type === 'DealStarted');
  expect(started, 'one deal started').toHaveLength(1);

  const deals = await playToEnd(world, showdownThenHostAlone('ann'));
  for (let deal = 1; deal <= deals; deal++) expect(await world.settlements(deal), `deal ${deal} settled once`).toBe(1);

  // What the host was told privately: her cards, never that the deal is over or running.
  // (Not the past tense a private message takes once its deal ends: "This deal is over: its result…".)
  const refusal = /deal is over(?!: its result)|newest table message|already running/i;
  const privateToAnn = world.messages('ann').filter((m: APIMessage) => (m.flags ?? 0) & 64);
  expect(privateToAnn.length, 'the host got her cards').toBeGreaterThan(0);
  expect(privateToAnn.filter((m) => refusal.test(m.content ?? '')).map((m) => m.content)).toEqual([]);
  expect((await world.audit()).problems).toEqual([]);
});
