import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeButtonId } from '../../../../src/discord/custom-id.ts';
import { myCardsHandler } from '../../../../src/discord/handlers/my-cards.ts';
import { CAT, dealtTable, type TablesFixture, tablesFixture } from '../../table/tables-fixture.ts';
import { botContext, fakeInteraction } from '../fixture.ts';

/**
 * handlers/my-cards.ts: **My cards**, on hand-made presses over the table layer (SQLite
 * in memory). The publisher's private answer is a fake that hands back a message.
 */

describe('My cards', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;
  let tableId: number;
  const sent = vi.fn();

  const press = (o: Parameters<typeof fakeInteraction>[0] & { dealNo?: number } = {}) =>
    fakeInteraction({
      ...o,
      customId: encodeButtonId({ tableId: String(tableId), dealNo: o.dealNo ?? 1, action: 'cards' }),
    });
  const run = async (interaction: ReturnType<typeof fakeInteraction>) => {
    const parsed = myCardsHandler.parse(interaction as never);
    expect(parsed).not.toBeNull();
    const plan = await myCardsHandler.run(interaction as never, parsed as never, bot.ctx);
    // A plan only: the step pipeline answers it, as the router has it do.
    expect(bot.publisher.answerPrivately).not.toHaveBeenCalled();
    if (plan) await bot.ctx.pipeline.run(interaction as never, plan);
  };

  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
    tableId = await dealtTable(fx);
    sent.mockClear();
    bot.publisher.answerPrivately.mockImplementation(() => ({
      cards: Promise.resolve({ content: 'your cards' }),
      sent,
      failed: vi.fn(),
    }));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fx.close();
  });

  it('claims only its own button', () => {
    expect(myCardsHandler.parse(press() as never)).not.toBeNull();
    for (const action of ['stay', 'again', 'rules'] as const) {
      const other = fakeInteraction({ customId: encodeButtonId({ tableId: '1', dealNo: 1, action }) });
      expect(myCardsHandler.parse(other as never)).toBeNull();
    }
    expect(myCardsHandler.parse(fakeInteraction({ customId: 'help:menu' }) as never)).toBeNull();
  });

  it("answers the presser's own cards privately, takes no step, and keeps the answer as their private message", async () => {
    const interaction = press();
    await expect(run(interaction)).resolves.toBeUndefined();
    expect(bot.publisher.answerPrivately).toHaveBeenCalledWith(expect.anything(), '1', null, {
      claim: false,
      afterDeal: true,
    });
    expect(interaction.reply).toHaveBeenCalledWith({ content: 'your cards', flags: 64 });
    expect(sent).toHaveBeenCalledWith({ handleOf: interaction.id, userId: '1' });
    expect(fx.heard.committed).toEqual([]);
  });

  it('acknowledges first when the cards take long to draw', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let drawn: (payload: unknown) => void = () => {};
    bot.publisher.answerPrivately.mockImplementation(() => ({
      cards: new Promise((resolve) => {
        drawn = resolve;
      }),
      sent,
      failed: vi.fn(),
    }));
    const interaction = press();
    const running = run(interaction);
    await vi.waitFor(() => expect(bot.publisher.answerPrivately).toHaveBeenCalled());
    await vi.advanceTimersByTimeAsync(100);
    expect(interaction.deferReply).toHaveBeenCalledWith({ flags: 64 });
    drawn({ content: 'your cards' });
    await running;
    expect(interaction.editReply).toHaveBeenCalledWith({ content: 'your cards' });
    expect(interaction.reply).not.toHaveBeenCalled();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('refuses someone not in the deal, and a press on an older deal', async () => {
    await expect(run(press({ user: CAT }))).rejects.toMatchObject({ key: 'cards.notIn' });
    await expect(run(press({ dealNo: 0 }))).rejects.toMatchObject({ key: 'refusal.dealOver' });
    expect(bot.publisher.answerPrivately).not.toHaveBeenCalled();
  });

  it('answers nothing where there are no cards to show', async () => {
    bot.publisher.answerPrivately.mockImplementation(() => ({ cards: null, sent, failed: vi.fn() }));
    const interaction = press();
    await run(interaction);
    expect(interaction.reply).not.toHaveBeenCalled();
    expect(sent).not.toHaveBeenCalled();
  });
});
