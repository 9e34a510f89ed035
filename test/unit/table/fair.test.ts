import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildChain, fairDeck, seedOfDeal } from '../../../src/cards/fair-deck.ts';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { type GameEvent, type GameState, publicView } from '../../../src/engine/index.ts';
import { type Place, Tables } from '../../../src/table/tables.ts';
import { fakeClock } from './fake-clock.ts';

/** Where a game opens, its chain of server seeds is made and stored with the table (docs/FAIRNESS.md). */

const place: Place = { guildId: '100', channelId: '200' };
const ann = { id: '1', name: 'Ann' };
const bob = { id: '2', name: 'Bob' };
const LAST_SEED = 'ef'.repeat(32);

describe('a fair table', () => {
  const o: OpenDatabase = openDatabase(':memory:');
  const time = fakeClock();
  /** A process's tables over the one database (a restart makes new ones). */
  const newTables = () =>
    new Tables({
      db: o.db,
      log: pino({ level: 'silent' }),
      clock: time.clock,
      nextDealPauseMs: 1_000,
      newRngState: () => [1, 2, 3, 4],
      newServerSeed: () => LAST_SEED,
    });
  let tables: Tables;
  const state = (tableId: number) => tables.heldTable(tableId)?.record.state as GameState;

  afterAll(async () => {
    await tables.close();
    await o.close();
  });

  it('commits when the game opens, takes the lobby presses’ ids, and deals on from the stored seeds after a restart', async () => {
    await migrateToLatest(o.db);
    tables = newTables();
    const { table: runtime } = await tables.openGame({
      place,
      host: ann,
      variantId: 'three-card',
      options: {},
      look: { fourColour: false },
      key: '1400',
      phrase: 'hi',
    });
    const tableId = runtime.record.id;
    const chain = buildChain(LAST_SEED);
    expect(publicView(state(tableId)).fair).toMatchObject({ commitment: chain.commitment, phrase: 'hi' });
    await tables.act(tableId, '1401', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    // Not a Discord id (a countdown's or a test's key): not part of the client seed.
    await tables.act(tableId, 'k-2', { type: 'join', playerId: '3', name: 'Cat' }, { id: '3', name: 'Cat' });
    const dealt = await tables.act(tableId, '1402', { type: 'startDeal', by: ann.id });
    const clientSeed = '1401-1402 hi';
    expect(dealt?.after.fair?.clientSeed).toBe(clientSeed);
    const deck = fairDeck(seedOfDeal(chain.checkpoints, 1), clientSeed, 1);
    expect(dealt?.after.deal?.deck).toEqual(deck.slice(9));
    expect(JSON.stringify(dealt?.events)).not.toContain(seedOfDeal(chain.checkpoints, 1));

    await tables.close();
    tables = newTables(); // a new process: only the database
    await tables.resumeAll();
    expect(state(tableId).fair?.commitment).toBe(chain.commitment);
    expect(state(tableId).deal?.deck).toEqual(deck.slice(9));
    const events: GameEvent[] = [];
    tables.listen({ committed: (s) => events.push(...s.events), publish: () => {}, resumed: () => {}, tell: () => {} });
    // The countdown runs out: undecided players drop and the deal ends.
    for (let i = 0; i < 100 && !events.some((e) => e.type === 'DealEnded'); i++) {
      time.advance(60_000);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await tables.idle();
    }
    const ended = events.find((e) => e.type === 'DealEnded');
    expect(ended?.type === 'DealEnded' && ended.proof).toEqual({
      dealNo: 1,
      commitment: chain.commitment,
      serverSeed: seedOfDeal(chain.checkpoints, 1),
      clientSeed,
    });
  });

  it('takes an Activity press’s launch id, made after the game opened; refuses a first deal with no such id', async () => {
    const open = (key: string, channelId: string) =>
      tables
        .openGame({
          place: { guildId: '100', channelId },
          host: ann,
          variantId: 'three-card',
          options: {},
          look: { fourColour: false },
          key,
        })
        .then((g) => g.table.record.id);
    const seedOf = (tableId: number) => state(tableId).fair?.clientSeed;

    // Launched after the lobby: Join and Deal from the page each add the instance's launch id.
    const later = await open('2000', '201');
    await tables.act(
      later,
      'activity:i-2001:2:a',
      { type: 'join', playerId: bob.id, name: bob.name },
      bob,
      undefined,
      '2001',
    );
    await tables.act(later, 'activity:i-2001:1:b', { type: 'startDeal', by: ann.id }, undefined, undefined, '2001');
    expect(seedOf(later)).toBe('2001-2001');

    // Launched before the lobby: the bot knew that id when it drew the seeds; it adds nothing,
    // and the first deal waits for a press Discord makes after the lobby.
    const earlier = await open('3000', '202');
    await tables.act(
      earlier,
      'activity:i-2999:2:a',
      { type: 'join', playerId: bob.id, name: bob.name },
      bob,
      undefined,
      '2999',
    );
    await expect(
      tables.act(earlier, 'activity:i-2999:1:b', { type: 'startDeal', by: ann.id }, undefined, undefined, '2999'),
    ).rejects.toMatchObject({ code: 'no-discord-press' });
    expect(state(earlier).fair?.presses).toEqual([]);
    await tables.act(earlier, '3001', { type: 'startDeal', by: ann.id });
    expect(seedOf(earlier)).toBe('3001');
  });
});
