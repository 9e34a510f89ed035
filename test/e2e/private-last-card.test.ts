import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { awaiting } from '../../src/engine/index.ts';
import { test } from './fixture.ts';

const isPrivate = (m: APIMessage) => ((m.flags ?? 0) & 64) !== 0;
const CARD = /(10|[2-9JQKA])[♣♦♥♠]/g;
/** The cards the "Your cards" line of a private message names. */
const yourCards = (m: APIMessage | undefined) =>
  (m?.content?.split('\n').find((l) => l.includes('**Your cards**')) ?? '').match(CARD) ?? [];

/**
 * A card dealt in the step that ends its deal (issue 55): in Iron Cross a lone stayer gets
 * a 4th card and plays it against the phantom at once. Their private message, put in the
 * past tense as the deal ends, shows that card too, not only the result.
 */
describe('the private message of a deal that ends as a card is dealt', () => {
  test("shows the lone stayer's 4th card", async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 5, options: 'kitty=alone' },
    });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    await world.until((s) => awaiting(s).kind === 'declare');
    const mine = await world.waitFor((m) => isPrivate(m) && /\*\*Your cards\*\*/.test(m.content ?? ''), 'ann');
    expect(yourCards(mine)).toHaveLength(3);
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('ann', table, 'Stay').acknowledged();
    await world.press('bob', table, 'Drop').acknowledged();
    await world.waitForTitle(/: deal 1 result$/);
    await expect.poll(() => yourCards(world.messages('ann').find((m) => m.id === mine.id))).toHaveLength(4);
  });
});
