import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awaiting, type GameState } from '../../src/engine/index.ts';
import { asTableNotes, tableDealNo } from '../../src/table/table-notes.ts';
import { buttonId, openAndDeal } from './play.ts';
import { World } from './world.ts';

/**
 * One game that goes on and on, as an operator's tables do (issue 43): what the bot holds
 * for it must not grow with the number of deals played, only with the tables and players.
 */
const WAIT = { timeout: 20_000 };

describe('a long game', () => {
  let world: World;
  beforeAll(async () => {
    world = await World.start({ players: ['ann', 'bob', 'cat'], rateLimits: 'none', pauseMs: 20, cardEmojis: true });
  });
  afterAll(async () => {
    await world?.close();
  });

  /** Plays deals until the game has dealt `dealNo`: Ann and Bob stay and Cat drops, on the table message as it shows. */
  async function playUntil(dealNo: number): Promise<void> {
    for (;;) {
      const record = await world.tableRecord();
      const state = record.state as GameState;
      const w = awaiting(state);
      if (state.dealNo >= dealNo && w.kind === 'declare' && w.pending.length === 3) return;
      if (w.kind !== 'declare' || w.pending.length < 3) {
        await world.until((s) => s.dealNo > state.dealNo && awaiting(s).kind === 'declare');
        continue;
      }
      const deal = tableDealNo(asTableNotes(record.messages), state.dealNo);
      const stay = `g:${record.id}:${deal}:stay`;
      const table: APIMessage = await world.waitFor((m) => {
        try {
          return buttonId(m, 'stay') === stay;
        } catch {
          return false;
        }
      });
      await Promise.all([
        world.press('ann', table, stay).acknowledged(),
        world.press('bob', table, stay).acknowledged(),
        world.press('cat', table, `g:${record.id}:${deal}:drop`).acknowledged(),
      ]);
      await world.until((s) => s.dealNo > state.dealNo && awaiting(s).kind === 'declare');
    }
  }

  /** What the bot holds for the table now: its caches bounded by open tables or time, and its record's size. */
  async function held() {
    // Sampled when no edit waits: the next deal's card may ask for one just after idle()
    // (its timer runs 20 ms after the showdown). An edit that never goes still fails here.
    await expect
      .poll(async () => {
        await world.bot.idle();
        return world.bot.cacheSizes().pendingEdits?.size;
      }, WAIT)
      .toBe(0);
    const caches = world.bot.cacheSizes();
    const rt = world.bot.tables.heldTables()[0];
    if (!rt) throw new Error('the table is not loaded');
    const unbounded = Object.entries(caches).filter(([, c]) => typeof c.limit !== 'number');
    return {
      sizes: Object.fromEntries(unbounded.map(([name, c]) => [name, c.size])),
      stateBytes: JSON.stringify(rt.record.state).length,
      messagesBytes: JSON.stringify(rt.notes).length,
    };
  }

  it('holds as much after 24 deals as after 12: caches, state and messages', async () => {
    await openAndDeal(world, 'three-card');
    await playUntil(12);
    const early = await held();
    await playUntil(24);
    const late = await held();
    expect((await world.state()).dealNo).toBeGreaterThanOrEqual(24);
    // Nothing held per deal: every cache bounded by open tables or time holds what it held.
    for (const [name, size] of Object.entries(late.sizes))
      expect(size, name).toBeLessThanOrEqual(early.sizes[name] ?? 0);
    // The committed state and the table's messages are one deal's worth, not a history
    // (a few bytes either way: the cards, the pot's digits).
    expect(late.stateBytes).toBeLessThan(early.stateBytes + 100);
    expect(late.messagesBytes).toBeLessThan(early.messagesBytes + 20);
    expect((await world.audit()).ok).toBe(true);
  });
});
