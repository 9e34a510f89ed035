import { textOf, titleOf } from '@guts/local-discord';
import type { APIMessage } from 'discord-api-types/v10';
import { describe, expect } from 'vitest';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { test } from './fixture.ts';
import { answeredQuietly, buttonId } from './play.ts';
import type { World } from './world.ts';

const ADD = 'Add computer player: pick how it plays (host)';
const isResult = (deal: number) => (m: APIMessage) => new RegExp(`deal ${deal} result$`).test(titleOf(m));

/** Ann opens an Iron Cross table alone and seats computer players of the given levels. */
async function tableWithComputers(world: World, levels: string[]): Promise<APIMessage> {
  // Legs keep the game going after a lone stayer wins: two deals are always played.
  const lobby = await world.reply('ann', 'guts', {
    subcommand: 'start',
    options: { variant: 'iron-cross', ante: 10, legs: 3 },
  });
  for (const level of levels) {
    const answer = await world.discord.selectOptions(world.user('ann'), lobby, ADD, [level]).response();
    expect(answer.flags, 'the host is answered privately').toBe(64);
    expect(answer.content).toMatch(/🤖 .* sits down\. It decides only from what its seat can see\./);
  }
  return world.waitFor((m) => m.id === lobby.id && (textOf(m).match(/🤖/g) ?? []).length === levels.length);
}

/** Ann stays whenever she is asked, until deal `last` has its result; the computers play for themselves. */
async function annStaysThrough(world: World, last: number): Promise<void> {
  const ann = world.user('ann').id;
  for (let guard = 0; guard < 100; guard++) {
    if (world.messages().some(isResult(last))) return;
    const state = await world.until((s: GameState) => {
      const w = awaiting(s);
      return ('pending' in w && w.pending.includes(ann)) || s.phase === 'over' || s.phase === 'between-deals';
    }, 30_000);
    const w = awaiting(state);
    if ('pending' in w && w.pending.includes(ann)) {
      const table = await world.waitFor(
        (m) => /: deal \d+$/.test(titleOf(m)) && /stay/.test(JSON.stringify(m.components)),
      );
      await answeredQuietly(world.press('ann', table, buttonId(table, 'stay')));
      await world.until((s: GameState) => JSON.stringify(s) !== JSON.stringify(state), 30_000);
    } else if (state.phase === 'over') return;
    else await world.until((s: GameState) => s.dealNo !== state.dealNo || s.phase === 'over', 30_000);
  }
  throw new Error('the deals did not finish');
}

describe('computer players', () => {
  test('fill the table for one person: two deals of Iron Cross to their results, choices hidden until the reveal', async ({
    startWorld,
  }) => {
    const world = await startWorld({ players: ['ann', 'bob'], pauseMs: 1_500 });
    const lobby = await tableWithComputers(world, ['balanced', 'bold']);
    // Shown as Discord shows them: nothing escaped that needs no escape.
    expect(textOf(lobby)).toContain('**🤖 Ada (balanced)**');
    expect(textOf(lobby)).toContain('**🤖 Babbage (bold)**');
    // Only the host seats them.
    const bobs = await world.discord.selectOptions(world.user('bob'), lobby, ADD, ['bold']).response();
    expect(bobs.flags).toBe(64);
    expect(bobs.content).toMatch(/Only the host/);

    await world.press('ann', lobby, 'Deal').acknowledged();
    const tables: string[] = [];
    const watch = setInterval(() => {
      for (const m of world?.messages('bob') ?? []) if (/: deal \d+$/.test(titleOf(m))) tables.push(textOf(m));
    }, 50);
    try {
      await annStaysThrough(world, 2);
    } finally {
      clearInterval(watch);
    }
    const results = world.messages().filter((m) => /deal \d result$/.test(titleOf(m)));
    expect(results.map(titleOf)).toEqual(['Iron Cross: deal 1 result', 'Iron Cross: deal 2 result']);
    for (const result of results) expect(textOf(result)).toMatch(/🤖 Ada/);
    // Before a reveal, the table card shows that a computer has chosen, never which way.
    const computerLines = tables.flatMap((t) => t.split('\n').filter((l) => /🤖/.test(l)));
    expect(computerLines.some((l) => /chosen/.test(l))).toBe(true);
    for (const line of computerLines) expect(line).not.toMatch(/\b(stays?|drops?|staying|dropping)\b/i);

    // They hold ledger accounts like anyone, marked as computer players.
    const ledger = await world.reply('bob', 'ledger', { subcommand: 'show' });
    const text = ledger.embeds[0]?.description ?? '';
    expect(text).toMatch(/🤖 Ada/);
    expect(text).toMatch(/🤖 Babbage/);
    // Settling up: people among themselves; the computers are one house line, paying nobody.
    const settle = (await world.reply('bob', 'ledger', { subcommand: 'settle' })).embeds[0]?.description ?? '';
    const lines = settle.split('\n');
    const house = /^🤖 The house \(computer players\) is (up|down) \d+ chips?/;
    expect(lines.filter((l) => house.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /🤖/.test(l) && !house.test(l))).toEqual([]);
    expect((await world.audit()).problems).toEqual([]);
  });

  test('end the game cleanly when the last person leaves, the pot kept for the table', async ({ startWorld }) => {
    const world = await startWorld({ players: ['ann'], pauseMs: 1_500 });
    const lobby = await tableWithComputers(world, ['cautious', 'balanced']);
    await world.press('ann', lobby, 'Deal').acknowledged();
    const table = await world.waitForTitle(/^Iron Cross: deal 1$/);
    await answeredQuietly(world.press('ann', table, buttonId(table, 'drop')));
    const left = await world.press('ann', table, buttonId(table, 'leave')).response();
    expect(left.flags).toBe(64);
    // Ann is out of this deal and leaves at its end; the computers play it out, then the game ends.
    const over = await world.until((s: GameState) => s.phase === 'over', 90_000);
    expect(over.players.every((p) => p.computer)).toBe(true);
    expect(over.dealNo).toBe(1);
    await world.waitFor((m) => /Game over/.test(textOf(m)), undefined, 30_000);
    const record = await world.tableRecord();
    expect(record.running).toBe(false);
    // Legs are on: nobody took the pot in one deal, and it stays with the channel.
    expect(over.pot).toBeGreaterThan(0);
    const ledger = await world.reply('ann', 'ledger', { subcommand: 'show' });
    const channel = ledger.embeds[0]?.fields?.find((f) => f.name === 'This channel')?.value;
    expect(channel).toMatch(new RegExp(`^pot ${over.pot} ·`));
    expect(ledger.embeds[0]?.description).toMatch(/🤖 Ada/);
    expect((await world.audit()).problems).toEqual([]);
  });
});
