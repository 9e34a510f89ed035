import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameOf as recordGame } from '../../../src/table/game-record.ts';
import { checkOptions, checkPress, optionsTarget, type PressRequest } from '../../../src/table/presses.ts';
import { isUserFacing, UserFacingError } from '../../../src/table/user-facing-error.ts';
import { ANN, BOB, CAT, dealtTable, openTable, PLACE, type TablesFixture, tablesFixture } from './tables-fixture.ts';

/**
 * A press checked by the table layer (table/presses.ts), whichever surface made it: the
 * table it points at, the engine action it asks for and its dry run, or why it is refused
 * at once with nothing written, and the presses that repeat one already done.
 */

let fx: TablesFixture;
beforeEach(async () => {
  fx = await tablesFixture();
});
afterEach(() => fx.close());

const press = (tableId: number, dealNo: number, kind: PressRequest['kind'], more: Partial<PressRequest> = {}) => ({
  tableId,
  dealNo,
  kind,
  cards: [],
  ...more,
});

/** The refusal's catalogue key (or the engine's code) a check ends in. */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (err) {
    if (err instanceof UserFacingError) return err.key;
    if (isUserFacing(err)) return `rule:${(err as Error & { code: string }).code}`;
    throw err;
  }
  throw new Error('not refused');
}

describe('a press checked by the table layer', () => {
  it('makes the engine action of each press, dry-run on the table as this process holds it', async () => {
    const { table: runtime } = await openTable(fx.tables);
    const tableId = runtime.record.id;
    const join = await checkPress(fx.tables, press(tableId, 0, 'join'), PLACE, BOB);
    expect(join.action).toEqual({ type: 'join', playerId: BOB.id, name: BOB.name });
    expect(join.table).toBe(runtime);
    expect(join.dryRun?.from).toBe(recordGame(runtime.record));
    expect(join.dryRun?.applied.state.players.map((p) => p.id)).toEqual([ANN.id, BOB.id]);
    expect(join.repeated).toBeUndefined();
    const computer = await checkPress(fx.tables, press(tableId, 0, 'computer', { level: 'bold' }), PLACE, ANN);
    expect(computer.action).toEqual({ type: 'addComputer', by: ANN.id, level: 'bold' });
    expect(await refusal(checkPress(fx.tables, press(tableId, 0, 'computer', { level: 'wild' }), PLACE, ANN))).toBe(
      'refusal.pickLevel',
    );
  });

  it('refuses at once what the engine refuses, and a press on another channel, an old deal or a swap with no swap', async () => {
    const tableId = await dealtTable(fx);
    const dealNo = 1;
    expect(await refusal(checkPress(fx.tables, press(tableId, dealNo, 'stay'), PLACE, CAT))).toMatch(/^rule:/);
    const elsewhere = { ...PLACE, channelId: '999' };
    expect(await refusal(checkPress(fx.tables, press(tableId, dealNo, 'stay'), elsewhere, ANN))).toBe(
      'refusal.tableGone',
    );
    expect(await refusal(checkPress(fx.tables, press(tableId, dealNo + 5, 'stay'), PLACE, ANN))).toBe(
      'refusal.dealOver',
    );
    expect(await refusal(checkPress(fx.tables, press(tableId, dealNo, 'swap', { cards: [1] }), PLACE, ANN))).toBe(
      'refusal.nothingToSwap',
    );
    expect(await refusal(checkPress(fx.tables, press(tableId, dealNo, 'pass', { cards: [1, 2] }), PLACE, ANN))).toBe(
      'refusal.pickOnePass',
    );
    // Sitting down and standing up work from any deal's message.
    const leave = await checkPress(fx.tables, press(tableId, 0, 'leave'), PLACE, BOB);
    expect(leave.action).toEqual({ type: 'leave', playerId: BOB.id });
  });

  it('takes a Stay pressed again once the round holds it as done, with nothing to write', async () => {
    const tableId = await dealtTable(fx);
    const first = await checkPress(fx.tables, press(tableId, 1, 'stay'), PLACE, ANN);
    expect(first.action).toEqual({ type: 'declare', playerId: ANN.id, choice: 'stay' });
    // Its twin, checked before the first commits, is a step of its own: the commit's refusal says it was a repeat.
    const twin = await checkPress(fx.tables, press(tableId, 1, 'stay'), PLACE, ANN);
    await fx.tables.act(tableId, 'stay-1', first.action ?? { type: 'leave', playerId: 'x' }, ANN, first.dryRun);
    const again = await checkPress(fx.tables, press(tableId, 1, 'stay'), PLACE, ANN);
    expect(again.action).toBeNull();
    expect(twin.repeated?.(new UserFacingError('refusal.dealOver'))).toBe(true);
    expect(twin.repeated?.(new Error('disk full'))).toBe(false);
    // A Drop is a change of mind, not a repeat.
    const drop = await checkPress(fx.tables, press(tableId, 1, 'drop'), PLACE, ANN);
    expect(drop.action).toEqual({ type: 'declare', playerId: ANN.id, choice: 'drop' });
  });

  it('never counts a Stay or Drop in a round other than the one it names', async () => {
    const tableId = await dealtTable(fx);
    const round = recordGame((await fx.tables.pressTarget(tableId, PLACE, 1, false)).record).deal?.round ?? 1;
    expect(await refusal(checkPress(fx.tables, press(tableId, 1, 'stay', { round: round + 1 }), PLACE, ANN))).toBe(
      'refusal.tooLate',
    );
    const named = await checkPress(fx.tables, press(tableId, 1, 'drop', { round }), PLACE, ANN);
    expect(named.action).toEqual({ type: 'declare', playerId: ANN.id, choice: 'drop' });
  });

  it('takes the Deal pressed again as its deal begins as done', async () => {
    const { table: runtime } = await openTable(fx.tables);
    const tableId = runtime.record.id;
    await fx.tables.act(tableId, 'join-bob', { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
    const deal = await checkPress(fx.tables, press(tableId, 0, 'deal'), PLACE, ANN);
    expect(deal.action).toEqual({ type: 'startDeal', by: ANN.id });
    expect(deal.repeated).toBeTypeOf('function');
    await fx.tables.act(tableId, 'deal', deal.action ?? { type: 'leave', playerId: 'x' }, ANN, deal.dryRun);
    const again = await checkPress(fx.tables, press(tableId, 0, 'deal'), PLACE, ANN);
    expect(again.action).toBeNull();
    // Bob's Deal on the old lobby is no repeat of his: not the host's.
    expect(await refusal(checkPress(fx.tables, press(tableId, 0, 'deal'), PLACE, BOB))).toBe('refusal.dealOver');
  });
});

describe("the Rules form's change, checked by the table layer", () => {
  it("is the host's, in the lobby only", async () => {
    const { table: runtime } = await openTable(fx.tables);
    const tableId = runtime.record.id;
    const target = { tableId, dealNo: 0 };
    expect(await optionsTarget(fx.tables, target, PLACE, ANN)).toBe(runtime);
    expect(await refusal(optionsTarget(fx.tables, target, PLACE, BOB))).toMatch(/^rule:/);
    expect(await refusal(optionsTarget(fx.tables, { tableId, dealNo: 3 }, PLACE, ANN))).toBe('refusal.dealOver');
  });

  it('keeps the changes the rule book accepts, each on top of those before, and says each it refuses', async () => {
    const { table: runtime } = await openTable(fx.tables);
    const checked = checkOptions(runtime, ANN, { ante: 10, timer: -4, odds: true });
    expect(checked.changes).toEqual({ ante: 10, odds: true });
    expect(checked.refused.map((r) => r.name)).toEqual(['timer']);
    expect(checked.press.action).toEqual({ type: 'setOptions', by: ANN.id, options: { ante: 10, odds: true } });
    expect(checked.press.dryRun?.applied.state.options.ante).toBe(10);
    const none = checkOptions(runtime, ANN, { timer: -4 });
    expect(none.press.action).toBeNull();
    expect(none.press.dryRun).toBeUndefined();
  });
});
