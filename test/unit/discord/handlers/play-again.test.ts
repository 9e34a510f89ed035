import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeButtonId } from '../../../../src/discord/custom-id.ts';
import { playAgainHandler } from '../../../../src/discord/handlers/play-again.ts';
import { ANN, BOB, openTable, PLACE, type TablesFixture, tablesFixture } from '../../table/tables-fixture.ts';
import { botContext, fakeInteraction, replyIdOf } from '../fixture.ts';

/**
 * handlers/play-again.ts: the game-over message's **Play again**, on hand-made presses
 * over the table layer (SQLite in memory), its plan run by the real step pipeline as
 * the router runs it.
 */

describe('Play again', () => {
  let fx: TablesFixture;
  let bot: ReturnType<typeof botContext>;
  let tableId: number;

  const press = (o: Parameters<typeof fakeInteraction>[0] & { dealNo?: number } = {}) =>
    fakeInteraction({
      ...o,
      customId: encodeButtonId({ tableId: String(tableId), dealNo: o.dealNo ?? 0, action: 'again' }),
    });
  /** The press as the router runs it: parsed, run, its plan handed to the step pipeline. */
  const run = async (interaction: ReturnType<typeof fakeInteraction>) => {
    const parsed = playAgainHandler.parse(interaction as never);
    expect(parsed).not.toBeNull();
    const plan = await playAgainHandler.run(interaction as never, parsed as never, bot.ctx);
    if (plan) await bot.ctx.pipeline.run(interaction as never, plan);
  };

  /** Ann's two-card game at ante 4 with Bob and a computer seated, stopped in its lobby. */
  beforeEach(async () => {
    fx = await tablesFixture();
    bot = botContext(fx);
    const { table: runtime } = await openTable(fx.tables, {
      variantId: 'two-card',
      options: { ante: 4 },
      look: { fourColour: true },
    });
    tableId = runtime.record.id;
    await fx.tables.act(tableId, 'join-bob', { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
    await fx.tables.act(tableId, 'cpu', { type: 'addComputer', by: ANN.id, level: 'bold' });
    await fx.tables.stopGame(PLACE, { id: ANN.id, admin: false }, 'stop');
    // As the publisher does once the game-over message is out: Play again reads the table as committed.
    fx.tables.release(runtime);
  });
  afterEach(async () => {
    await fx.close();
  });

  it('claims only its own button', () => {
    expect(playAgainHandler.parse(press() as never)).not.toBeNull();
    const other = fakeInteraction({ customId: encodeButtonId({ tableId: '1', dealNo: 0, action: 'cards' }) });
    expect(playAgainHandler.parse(other as never)).toBeNull();
  });

  it("opens the ended game's variant, options, look and computers for its host, answered with the new lobby", async () => {
    const interaction = press({ id: '4242' });
    await run(interaction);
    const rt = fx.tables.heldRunningIn(PLACE.channelId);
    const state = rt?.record.state;
    expect(state).toMatchObject({ variant: 'two-card', phase: 'lobby', host: ANN.id });
    expect(state?.options.ante).toBe(4);
    expect(state?.players.filter((p) => p.computer).map((p) => p.computer)).toEqual(['bold']);
    expect(rt?.notes.fourColour).toBe(true);
    expect(interaction.deferReply).toHaveBeenCalled();
    expect(JSON.stringify(interaction.editReply.mock.calls[0])).toContain(
      encodeButtonId({ tableId: String(tableId), dealNo: 0, action: 'join' }),
    );
    expect(bot.chat.get(tableId)?.lobby).toBe(replyIdOf('4242'));
    expect(fx.heard.published.map((s) => s.after.phase)).toEqual(['lobby']);
  });

  it('is refused, before anything is acknowledged, to anyone but the host, on an older message, and once the next game is open', async () => {
    const stranger = press({ user: BOB });
    await expect(run(stranger)).rejects.toMatchObject({ key: 'refusal.playAgainWho' });
    await expect(run(press({ dealNo: 3 }))).rejects.toMatchObject({ key: 'refusal.dealOver' });
    expect(stranger.deferReply).not.toHaveBeenCalled();
    await run(press({ id: '1' }));
    const again = press({ id: '2' });
    await expect(run(again)).rejects.toMatchObject({ key: 'refusal.running' });
    expect(again.deferReply).not.toHaveBeenCalled();
    expect(fx.heard.published).toHaveLength(1);
  });

  it('is refused from another channel', async () => {
    await expect(run(press({ place: { ...PLACE, channelId: '999' } }))).rejects.toMatchObject({
      key: 'refusal.tableGone',
    });
  });
});
