import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { migrateToLatest, type OpenDatabase, openDatabase } from '../../../src/db/index.ts';
import { awaiting, type GameState } from '../../../src/engine/index.ts';
import { textOf } from '../../../src/i18n/index.ts';
import { auditLedger, playerBalances } from '../../../src/ledger/index.ts';
import type { GameOpening } from '../../../src/table/open-game.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import { STEP_PAUSED, STEP_RECOVERED, type StepFault } from '../../../src/table/step-recovery.ts';
import type { StepListener, StepResult } from '../../../src/table/steps.ts';
import { type Place, Tables } from '../../../src/table/tables.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';
import { fakeClock } from './fake-clock.ts';

/**
 * The table layer on its own: SQLite in memory, a hand-driven clock, and a listener
 * that records what Discord would be told. No Discord anywhere.
 */

const place: Place = { guildId: '100', channelId: '200' };
const ann = { id: '1', name: 'Ann' };
const bob = { id: '2', name: 'Bob' };
const log = pino({ level: 'silent' });

class Recorder implements StepListener {
  readonly committedSteps: StepResult[] = [];
  readonly published: StepResult[] = [];
  readonly resumedTables: number[] = [];
  readonly told: string[] = [];
  committed(step: StepResult): void {
    this.committedSteps.push(step);
  }
  publish(step: StepResult): void {
    this.published.push(step);
  }
  resumed(tableId: number): void {
    this.resumedTables.push(tableId);
  }
  tell(_tableId: number, key: string): void {
    this.told.push(key);
  }
}

describe('the table layer', () => {
  let o: OpenDatabase;
  let time: ReturnType<typeof fakeClock>;
  let tables: Tables;
  let heard: Recorder;
  let seed = 0;

  const newTables = (stepFault?: StepFault) => {
    const t = new Tables({
      db: o.db,
      log,
      ...(stepFault ? { stepFault } : {}),
      clock: time.clock,
      nextDealPauseMs: 1_000,
      newRngState: () => [1, 2, 3, seed++],
      newServerSeed: null,
    });
    heard = new Recorder();
    t.listen(heard);
    return t;
  };

  const open = async (
    variant = 'three-card',
    options: Record<string, unknown> = { ante: 5 },
    more: Partial<GameOpening> = {},
  ) => {
    const look = { fourColour: false };
    const { table, result } = await tables.openGame({
      place,
      host: ann,
      variantId: variant,
      options,
      look,
      key: 'start-1',
      ...more,
    });
    return { tableId: table.record.id, table, result };
  };

  const state = (tableId: number) => tables.heldTable(tableId)?.record.state as GameState;

  beforeEach(async () => {
    o = openDatabase(':memory:');
    await migrateToLatest(o.db);
    time = fakeClock();
    tables = newTables();
  });

  afterEach(async () => {
    await tables.close();
    await o.close();
  });

  it('opens a game with its host seated, and refuses a second game in the channel', async () => {
    const { tableId, result } = await open();
    expect(result.after.players.map((p) => p.id)).toEqual([ann.id]);
    expect(state(tableId).host).toBe(ann.id);
    // A step a player asked for is returned to its caller, who tells the listener: never from inside the table's queue.
    expect(result.record.version).toBe(1);
    expect(heard.committedSteps).toHaveLength(0);
    expect(heard.published).toHaveLength(0);
    expect(() => tables.checkOpen(place, 'two-card', {})).toThrow(/already running/);
    await expect(
      tables.openGame({
        place,
        host: bob,
        variantId: 'two-card',
        options: {},
        look: { fourColour: false },
        key: 'start-2',
      }),
    ).rejects.toBeInstanceOf(UserFacingError);
    expect((await playerBalances(o.db, place.guildId)).map((b) => b.displayName)).toEqual(['Ann']);
  });

  it('refuses a bad option before anything is written', async () => {
    expect(() => tables.checkOpen(place, 'three-card', { ante: 0 })).toThrow(/ante/);
    expect(await tables.heldRunningIn(place.channelId)).toBeUndefined();
  });

  it('applies an action once per key, and tells the stale deal apart', async () => {
    const { tableId } = await open();
    const joined = await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    expect(joined?.after.players).toHaveLength(2);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    expect(awaiting(state(tableId)).kind).toBe('declare');
    const stay = { type: 'declare', playerId: ann.id, choice: 'stay' } as const;
    const version = (await tables.act(tableId, 'ann-stays', stay))?.record.version;
    // The same interaction again (a retry, a replay after a crash): applied once.
    expect(await tables.act(tableId, 'ann-stays', stay)).toBeNull();
    expect(tables.heldTable(tableId)?.record.version).toBe(version);
    await expect(tables.pressTarget(tableId, place, 0, false)).rejects.toThrow(/deal is over/);
    await expect(tables.pressTarget(tableId, place, 0, true)).resolves.toBeDefined();
    await expect(tables.pressTarget(tableId, { ...place, channelId: '999' }, 1, false)).rejects.toThrow(
      /doesn't exist/,
    );
    expect((await auditLedger(o.db)).problems).toEqual([]);
  });

  it('drops undecided players when the countdown ends', async () => {
    const { tableId } = await open('three-card', { ante: 5, timer: 10 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    await tables.act(tableId, 'ann-stays', { type: 'declare', playerId: ann.id, choice: 'stay' });
    const deadline = tables.heldTable(tableId)?.record.deadline as number;
    expect(deadline).toBe(time.clock.now() + 10_000);
    time.advance(10_000);
    await tables.idle();
    await waitFor(() => heard.published.length === 1);
    const timedOut = heard.published[0] as StepResult;
    // A step the table took by itself: told committed, then published, once.
    expect(heard.committedSteps).toEqual([timedOut]);
    expect(timedOut.events.some((e) => e.type === 'Revealed')).toBe(true);
    // Ann stayed alone and took the pot: the game is over, no countdown left.
    expect(state(tableId).phase).toBe('over');
    expect(tables.heldTable(tableId)?.record.deadline).toBeNull();
  });

  it('lets only the host (or an admin) stop the game', async () => {
    await open();
    await expect(tables.stopGame(place, { id: bob.id, admin: false }, 'stop-1')).rejects.toThrow(/Only the host/);
    const stopped = await tables.stopGame(place, { id: bob.id, admin: true }, 'stop-2');
    expect(stopped?.after.phase).toBe('over');
    await expect(tables.running(place)).rejects.toThrow(/No game is running/);
  });

  it('abandons a table it cannot show: at once in the lobby, after the deal mid-deal, once', async () => {
    const { tableId } = await open();
    expect(tables.runningInGuild(place.guildId).map((rt) => rt.record.id)).toEqual([tableId]);
    expect(tables.runningInGuild('another server')).toEqual([]);
    const stopped = await tables.abandon(tableId);
    expect(stopped?.after.phase).toBe('over');
    expect(await tables.abandon(tableId)).toBeNull();

    const next = await open('three-card', { ante: 5 }, { key: 'start-3' });
    const id = next.table.record.id;
    await tables.act(id, 'join-bob-2', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(id, 'deal-2', { type: 'startDeal', by: ann.id });
    const midDeal = await tables.abandon(id);
    expect(midDeal?.after.stopRequested).toBe(true);
    expect(awaiting(state(id)).kind).toBe('declare');
    // Asked again (another failed post): nothing more to do.
    expect(await tables.abandon(id)).toBeNull();
    expect((await auditLedger(o.db)).problems).toEqual([]);
  });

  it("numbers a new game's deals on from the last game's, though the last game's runtime is released as it opens", async () => {
    const { tableId } = await open('two-card', { ante: 5 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    await tables.act(tableId, 'ann-stays', { type: 'declare', playerId: ann.id, choice: 'stay' });
    await tables.act(tableId, 'bob-drops', { type: 'declare', playerId: bob.id, choice: 'drop' });
    expect(state(tableId).phase).toBe('over');
    const ended = tables.heldTable(tableId);
    if (!ended) throw new Error('no runtime');
    // The publisher lets the ended game's runtime go once its last messages are out: on
    // a busy machine, just as the next game has taken the table.
    const track = Runtimes.prototype.track;
    vi.spyOn(Runtimes.prototype, 'track').mockImplementationOnce(function (this: Runtimes, record, fresh) {
      const taken = track.call(this, record, fresh);
      tables.release(ended);
      return taken;
    });
    const next = await open('two-card', { ante: 5 }, { look: { fourColour: true }, key: 'start-2' });
    expect(next.table.notes).toMatchObject({ dealBase: 1, fourColour: true });
    await tables.act(tableId, 'join-bob-2', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-2', { type: 'startDeal', by: ann.id });
    await tables.act(tableId, 'ann-stays-2', { type: 'declare', playerId: ann.id, choice: 'stay' });
    // Deal 1 of this game is the table's deal 2: its results are its own, not deal 1's again.
    await tables.act(tableId, 'bob-drops-2', { type: 'declare', playerId: bob.id, choice: 'drop' });
    const dealNos = await o.db.selectFrom('deal_results').select('deal_no').distinct().orderBy('deal_no').execute();
    expect(dealNos.map((r) => r.deal_no)).toEqual([1, 2]);
  });

  it('pauses a table: no countdown fires, no press is taken; resuming starts the countdown afresh', async () => {
    const { tableId } = await open('three-card', { ante: 5, timer: 10 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    const dealt = state(tableId);
    tables.pause(tableId);
    expect(tables.isPaused(tableId)).toBe(true);
    time.advance(60_000);
    await tables.idle();
    expect(state(tableId)).toEqual(dealt); // nobody dropped while nobody could see the table
    await expect(tables.pressTarget(tableId, place, 1, false)).rejects.toThrow(/paused/);
    const resumed = await tables.resume(tableId);
    expect(resumed?.events).toEqual([]);
    expect(tables.heldTable(tableId)?.record.deadline).toBe(time.clock.now() + 10_000);
    expect(await tables.resume(tableId)).toBeNull(); // not paused any more
    time.advance(10_000);
    await waitFor(() => state(tableId).phase !== 'deal' || awaiting(state(tableId)).kind !== 'declare');
    expect((await auditLedger(o.db)).problems).toEqual([]);
  });

  describe('a countdown step that throws', () => {
    /** A fault failing the first `times` countdown steps. */
    const failing = (times: number): StepFault => {
      let left = times;
      return () => {
        if (left-- > 0) throw new Error('injected');
      };
    };
    const dealWith = async (fault: StepFault) => {
      await tables.close();
      tables = newTables(fault);
      const { tableId } = await open('three-card', { ante: 5, timer: 10 });
      await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
      await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
      return tableId;
    };

    it('once: the players hear so, the table reloads and its countdown carries on', async () => {
      const tableId = await dealWith(failing(1));
      time.advance(10_000);
      await waitFor(() => heard.told.length === 1);
      time.advance(1); // the countdown set again fires (this clock only moves when told)
      await waitFor(() => heard.published.length === 1);
      expect(heard.told).toEqual([STEP_RECOVERED]);
      expect(awaiting(state(tableId)).kind).not.toBe('declare'); // the undecided dropped after all
      expect(tables.isPaused(tableId)).toBe(false);
      expect((await auditLedger(o.db)).problems).toEqual([]);
    });

    it('again at the same step: the table pauses, says so, and the host can still stop it', async () => {
      const tableId = await dealWith(failing(Number.POSITIVE_INFINITY));
      const dealt = state(tableId);
      time.advance(10_000);
      await waitFor(() => heard.told.length === 1);
      time.advance(1);
      await waitFor(() => heard.told.length === 2);
      expect(heard.told).toEqual([STEP_RECOVERED, STEP_PAUSED]);
      expect(tables.isPaused(tableId)).toBe(true);
      time.advance(60_000);
      await tables.idle();
      expect(state(tableId)).toEqual(dealt);
      // A press is refused with why, not with the lost-channel pause's words.
      await expect(tables.pressTarget(tableId, place, 1, false)).rejects.toMatchObject({ key: STEP_PAUSED });
      const stopped = await tables.stopGame(place, { id: ann.id, admin: false }, 'stop-1');
      expect(stopped?.after.stopRequested).toBe(true);
    });
  });

  it('resumes open tables and their countdowns after a restart', async () => {
    const { tableId } = await open('three-card', { ante: 5, timer: 10 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    await tables.close();
    // A new process: nothing in memory, the same database.
    tables = newTables();
    expect(await tables.resumeAll()).toBe(1);
    expect(heard.resumedTables).toEqual([tableId]);
    time.advance(10_000);
    await waitFor(() => heard.published.length === 1);
    expect(heard.published[0]?.events.some((e) => e.type === 'Revealed')).toBe(true);
  });

  it('sums a finished game into standings', async () => {
    const { tableId } = await open('three-card', { ante: 5 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    await tables.act(tableId, 'ann', { type: 'declare', playerId: ann.id, choice: 'stay' });
    const last = await tables.act(tableId, 'bob', { type: 'declare', playerId: bob.id, choice: 'drop' });
    expect(last?.after.phase).toBe('over');
    const s = await tables.standings(tableId, last?.after as GameState);
    expect(s.net).toEqual([
      { playerId: ann.id, name: 'Ann', chips: 5 },
      { playerId: bob.id, name: 'Bob', chips: -5 },
    ]);
  });
  it('counts a deal a restart ended by its antes, which stay in the pot', async () => {
    const { tableId } = await open('three-card', { ante: 5 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    await tables.close();
    tables = newTables();
    expect(await tables.endAll()).toBe(1);
    const ended = heard.published.at(-1);
    expect(ended?.note).toBe('table.endedByRestart');
    const s = await tables.standings(tableId, ended?.after as GameState);
    // Not "no chips changed hands": each ante is in the pot the channel keeps.
    expect(s.net).toEqual([
      { playerId: ann.id, name: 'Ann', chips: -5 },
      { playerId: bob.id, name: 'Bob', chips: -5 },
    ]);
    expect(s.pot).toBe(10);
  });

  it('stops a game nobody plays any more after two quiet deals, and a press keeps it going', async () => {
    const { tableId } = await open('three-card', { ante: 5, timer: 10 });
    await tables.act(tableId, 'join-bob', { type: 'join', playerId: bob.id, name: bob.name }, bob);
    await tables.act(tableId, 'deal-1', { type: 'startDeal', by: ann.id });
    const tick = async (ms: number) => {
      time.advance(ms);
      await new Promise((r) => setTimeout(r, 20));
      await tables.idle();
    };
    await tick(10_000); // deal 1: nobody chose; a quiet deal
    expect(tables.heldTable(tableId)?.notes.quietDeals).toBe(1);
    await tick(1_000); // the next deal starts by itself
    expect(state(tableId).dealNo).toBe(2);
    await tables.act(tableId, 'ann-in', { type: 'declare', playerId: ann.id, choice: 'drop' });
    await tick(10_000); // deal 2: ann pressed, so it was played
    expect(tables.heldTable(tableId)?.notes.quietDeals).toBe(0);
    await tick(1_000);
    await tick(10_000); // deal 3: quiet
    await tick(1_000);
    await tick(10_000); // deal 4: quiet again: two in a row
    await tick(1_000); // instead of deal 5, the game stops
    expect(state(tableId).phase).toBe('over');
    expect(state(tableId).dealNo).toBe(4);
    const last = heard.published.at(-1);
    // The note is the catalogue's key: the channel reads it in the table's language.
    expect(textOf('en-US', last?.note ?? '', '')).toMatch(/Nobody has pressed anything/);
    expect((await auditLedger(o.db)).problems).toEqual([]);
  });
});

async function waitFor(ready: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ready(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(ready()).toBe(true);
}
