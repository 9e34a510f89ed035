import { interactiveComponents, textOf, titleOf } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import { exportDeal } from '../../src/cli/commands/export.ts';
import { awaiting } from '../../src/engine/index.ts';
import { runScenario } from '../../src/engine/scenario.ts';
import { test } from './fixture.ts';
import { playToEnd } from './play.ts';

describe('a crash in the middle of a deal', () => {
  test('resumes the countdown after a restart and settles the deal once', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'three-card', ante: 4 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob']) await world.press(name, table, 'Stay').response();

    await world.crashBot();
    await world.startBot();
    const restarted = await world.waitFor((m) => m.id === table.id && /restarted/.test(textOf(m)));
    expect(textOf(restarted)).toMatch(/reveal is <t:\d+:R>/);
    const cat = await world.press('cat', restarted, 'Stay').response();
    expect(cat.content).toMatch(/Everyone has chosen/);
    await world.waitForTitle(/deal 1 result$/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test("posts a deal's table message after a restart when the crash came before its post", async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'three-card' } });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const lost = await world.waitForTitle(/: deal 1$/);
    await world.crashBot();
    // What a crash between the deal's commit and its message's post leaves (where the chat
    // shows the table is saved once it is posted): the deal in the database, no message for it.
    const record = await world.tableRecord();
    const { chat } = await world.database.db
      .selectFrom('game_tables')
      .select('chat')
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    await world.database.db
      .updateTable('game_tables')
      .set({ chat: JSON.stringify({ ...JSON.parse(chat), table: null, tableDeal: null }) })
      .where('id', '=', record.id)
      .execute();
    await world.startBot();
    const table = await world.waitFor((m) => m.id !== lost.id && /: deal 1$/.test(titleOf(m)));
    for (const name of ['ann', 'bob', 'cat']) await world.press(name, table, 'Stay').response();
    await world.waitForTitle(/deal 1 result$/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('resolves at once a countdown that ran out while the bot was down', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card' } });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('ann', table, 'Stay').response();
    await world.crashBot();
    // The bot stays down past the countdown's end.
    await world.database.db
      .updateTable('game_tables')
      .set({ deadline: Date.now() - 1_000 })
      .execute();
    await world.startBot();
    const result = await world.waitForTitle(/deal 1 result$/);
    expect(result.embeds[0]?.description).toMatch(/ann\*\* stayed alone/);
    const state = await world.state();
    expect(awaiting(state).kind).toBe('over');
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('survives a SIGKILL of the bot process during a countdown', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000, process: true });
    const lobby = await world.reply('ann', 'guts', {
      subcommand: 'start',
      options: { variant: 'iron-cross', ante: 10, timer: 10 },
    });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    for (const name of ['ann', 'bob', 'cat']) await world.press(name, table, 'Stay').response();
    await world.until((s) => s.deal?.round === 2);
    await world.press('ann', table, 'Stay').response();

    await world.killBot();
    // The countdown's end 5 s on, not the rest of its 10 s: after the new process is up,
    // which arms it from the database (on a machine too busy to start it by then, the new
    // process resolves it at once, as the test above; the result is the same).
    await world.database.db
      .updateTable('game_tables')
      .set({ deadline: Date.now() + 5_000 })
      .execute();
    await world.startBot();
    // Bob and Cat never press again: their countdown, resumed by the new process, drops them.
    const result = await world.waitForTitle(/deal 1 result$/, 20_000);
    expect(result.embeds[0]?.description).toMatch(/ann\*\* stayed alone/);
    expect(JSON.stringify(result.embeds[0]?.fields)).toMatch(/drop penalty/);
    expect(await world.settlements(1)).toBe(1);
    expect((await world.audit()).problems).toEqual([]);
  });
});

describe('what the channel is told after a restart', () => {
  test('a game the restart ends says so, with the pot it leaves with the channel; the host may play again', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card', ante: 4 } });
    for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    await world.press('ann', table, 'Stay').response();
    const { pot } = await world.state();
    expect(pot).toBe(12);

    await world.crashBot();
    // As the playground starts it: its Discord kept none of the table's messages.
    await world.startBot({ endOpenTables: true });
    const told = await world.waitFor((m) => /could not carry this game on/.test(m.content ?? ''));
    expect(told.content).toMatch(/The pot stays with this channel/);
    expect(told.embeds[0]?.title).toMatch(/^Game over after/);
    expect(JSON.stringify(told.embeds[0]?.fields)).toMatch(/"Pot left","value":"12\b/);
    expect((await world.tableRecord()).running).toBeFalsy();
    expect(await world.settlements(1)).toBe(0);
    expect((await world.audit()).problems).toEqual([]);
    // The next game plays for the same pot, opened in one press.
    const again = await world.press('ann', told, 'Play again').response();
    expect(textOf(again)).toMatch(/bob/);
    expect((await world.state()).pot).toBe(12);
  });

  test('a game that goes on says it restarted, and nothing more', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 60_000 });
    const lobby = await world.reply('ann', 'guts', { subcommand: 'start', options: { variant: 'two-card' } });
    await world.press('bob', lobby, 'Join').response();
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/: deal 1$/);
    const before = world.messages().length;
    await world.crashBot();
    await world.startBot();
    await world.waitFor((m) => m.id === table.id && /restarted during this deal/.test(textOf(m)));
    await world.bot.idle();
    expect(
      world
        .messages()
        .slice(before)
        .filter((m) => !(m.flags ?? 0)),
    ).toEqual([]);
    expect((await world.tableRecord()).running).toBeTruthy();
  });
});

describe('hand history', () => {
  test('exports any finished deal as a scenario that replays to the same result', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann', 'bob', 'cat'], pauseMs: 100 });
    for (let game = 1; game <= 2; game++) {
      const lobby = await world.reply('ann', 'guts', {
        subcommand: 'start',
        options: { variant: 'iron-cross', ante: 2 },
      });
      for (const name of ['bob', 'cat']) await world.press(name, lobby, 'Join').response();
      if (game === 2) {
        // The second game's host raises the ante in the lobby: its deals replay with it.
        const menu = await world.press('ann', lobby, 'Rules').response();
        const firstPage = interactiveComponents(menu).find((c) =>
          /^Money: ante/.test(String((c as { label?: string }).label)),
        );
        const money = world.press('ann', menu, (firstPage as { custom_id: string }).custom_id);
        await money.acknowledged();
        await world.discord.submitModal(world.user('ann'), money, { ante: '3' }).response();
        await world.until((s) => s.options.ante === 3);
      }
      await world.press('ann', lobby, 'Deal').acknowledged();
      await playToEnd(world, ({ dealNo, player }) => (dealNo === 1 || player === 'ann' ? 'stay' : 'drop'));
      const w = world;
      await w.waitFor(
        () => w.messages().filter((m) => m.embeds.some((e) => /^Game over after/.test(e.title ?? ''))).length >= game,
      );
    }
    const results = world.messages().filter((m) => /deal \d+ result$/.test(m.embeds[0]?.title ?? ''));
    // Both games are in it (deal numbers run on across games at a table).
    expect(results.length).toBeGreaterThanOrEqual(3);
    const record = await world.tableRecord();
    const anted = new Set<number>();
    for (const result of results) {
      const ref = /guts export (\d+) (\d+)/.exec(result.embeds[0]?.footer?.text ?? '');
      expect(ref, 'the result names its hand history').not.toBeNull();
      const [tableId, dealNo] = [Number(ref?.[1]), Number(ref?.[2])];
      expect(tableId).toBe(record.id);
      const scenario = await exportDeal(world.dbUrl, tableId, dealNo);
      const replayed = runScenario(scenario);
      const ended = (await world.database.db.selectFrom('game_steps').select(['events', 'deal_no']).execute())
        .filter((s) => s.deal_no === dealNo)
        .flatMap((s) => JSON.parse(s.events) as { type: string; delta?: Record<string, number> }[])
        .find((e) => e.type === 'DealEnded');
      expect(replayed.deals[0]?.delta).toEqual(ended?.delta);
      anted.add((scenario as { options: { ante?: number } }).options.ante ?? 0);
    }
    expect([...anted].sort()).toEqual([2, 3]);
  });
});
