import { describe, expect, it, vi } from 'vitest';
import { apply, createGame } from '../../../src/engine/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import type { GameOpener } from '../../../src/table/open-game.ts';
import { Runtimes } from '../../../src/table/runtimes.ts';
import { DB_WAITING, STEP_PAUSED } from '../../../src/table/step-recovery.ts';
import type { Decided, StepResult, TableSteps } from '../../../src/table/steps.ts';
import { PAUSED, TableCommands } from '../../../src/table/table-commands.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';
import { ANN, BOB, gameRecord, PLACE, silentLog } from './tables-fixture.ts';

/**
 * table-commands.ts on its own: what a press is checked against (`pressTarget`), the
 * step each command asks for (its key, its decision), and a table's language kept with
 * its notes. The step queue is a fake that runs the decision on the record held and
 * writes down its key; the database is a fake writer.
 */

const lobby = createGame({ variant: 'three-card', options: {}, rng: [1, 2, 3, 4], host: ANN.id, hostName: ANN.name });
const record = (o: Partial<GameRecord> = {}): GameRecord => gameRecord(lobby, o);

function setUp(o: { held?: GameRecord; stored?: GameRecord | null; paused?: boolean; stuck?: boolean } = {}) {
  const held = new Runtimes();
  if (o.held) held.track(o.held);
  const ran: { key: string; by: string | undefined; decided: Decided | null }[] = [];
  const steps = {
    run: vi.fn(async (tableId: number, key: string, decide: (r: GameRecord) => Decided | null, by?: string) => {
      const decided = decide(held.get(tableId)?.record ?? (o.stored as GameRecord));
      ran.push({ key, by, decided });
      return decided ? ({ key, decided } as unknown as StepResult) : null;
    }),
    queues: { run: <T>(_tableId: number, work: () => Promise<T>) => work() },
  };
  const waiting = new Set<number>();
  const saveTableNotes = vi.fn(async () => true);
  const count = vi.fn((_err: unknown): 'transient' | 'permanent' => 'transient');
  const warn = vi.fn();
  const commands = new TableCommands({
    held,
    steps: steps as unknown as TableSteps,
    opener: {} as GameOpener,
    pauses: { isPaused: () => o.paused ?? false },
    recovery: { isStuck: () => o.stuck ?? false },
    dbWaits: { waitingFor: (tableId: number) => (waiting.has(tableId) ? 'write' : null), count },
    writer: { saveTableNotes },
    log: { ...silentLog, warn, debug: vi.fn() } as unknown as typeof silentLog,
    running: async () => {
      const known = held.runningIn(PLACE.channelId);
      if (!known) throw new UserFacingError('refusal.noGame');
      return known;
    },
    load: async () => o.stored ?? null,
    withLanguage: async (rt) => rt,
  });
  return { held, steps, ran, waiting, saveTableNotes, count, warn, commands };
}

const refusal = (key: string) => expect.objectContaining({ key });

describe('a press checked against its table (pressTarget)', () => {
  it('gives the table it points at, loading and holding one this process had not loaded', async () => {
    const { commands, held } = setUp({ stored: record() });
    const table = await commands.pressTarget(7, PLACE, 0, false);
    expect(table.record.version).toBe(4);
    expect(held.get(7)).toBe(table);
  });

  it('refuses a table of another channel, or none at all', async () => {
    const { commands } = setUp({ held: record() });
    await expect(commands.pressTarget(7, { ...PLACE, channelId: '999' }, 0, false)).rejects.toEqual(
      refusal('refusal.tableGone'),
    );
    await expect(setUp().commands.pressTarget(7, PLACE, 0, false)).rejects.toEqual(refusal('refusal.tableGone'));
  });

  it('refuses a game over, a table waiting for the database, and a paused one saying why', async () => {
    await expect(setUp({ held: record({ running: false }) }).commands.pressTarget(7, PLACE, 0, false)).rejects.toEqual(
      refusal('refusal.gameOver'),
    );
    const waits = setUp({ held: record() });
    waits.waiting.add(7);
    await expect(waits.commands.pressTarget(7, PLACE, 0, false)).rejects.toEqual(refusal(DB_WAITING));
    await expect(setUp({ held: record(), paused: true }).commands.pressTarget(7, PLACE, 0, false)).rejects.toEqual(
      refusal(PAUSED),
    );
    const stuck = setUp({ held: record(), paused: true, stuck: true });
    await expect(stuck.commands.pressTarget(7, PLACE, 0, false)).rejects.toEqual(refusal(STEP_PAUSED));
  });

  it("refuses another deal's message, unless the action works from any deal's (sitting down, standing up)", async () => {
    const held = record({ messages: { dealBase: 3 } });
    const { commands } = setUp({ held });
    // The table numbers deals across games: this game's deal 0 is the table's deal 3.
    await expect(commands.pressTarget(7, PLACE, 3, false)).resolves.toBeDefined();
    await expect(commands.pressTarget(7, PLACE, 2, false)).rejects.toEqual(refusal('refusal.dealOver'));
    await expect(commands.pressTarget(7, PLACE, 2, true)).resolves.toBeDefined();
  });
});

describe("a table's commands, each one step", () => {
  it("acts under the press key, storing a new seat's name, and takes a dry run of the very state held", async () => {
    const { commands, ran } = setUp({ held: record() });
    await commands.act(7, 'join-bob', { type: 'join', playerId: BOB.id, name: BOB.name }, BOB);
    expect(ran[0]?.key).toBe('join-bob');
    expect(ran[0]?.decided).toMatchObject({ displayNames: { [BOB.id]: BOB.name } });
    const dryRun = { from: lobby, applied: apply(lobby, { type: 'join', playerId: BOB.id, name: 'Dry' }) };
    await commands.act(7, 'join-again', { type: 'join', playerId: BOB.id, name: BOB.name }, undefined, dryRun);
    expect(ran[1]?.decided?.state.players.map((p) => p.name)).toContain('Dry');
  });

  it('refuses an action on a game over', async () => {
    const { commands } = setUp({ held: record({ running: false }) });
    await expect(commands.act(7, 'late', { type: 'startDeal', by: ANN.id })).rejects.toEqual(
      refusal('refusal.gameOver'),
    );
  });

  it('stops the game for its host or an admin, by the host, and refuses anyone else', async () => {
    const { commands, ran } = setUp({ held: record() });
    await expect(commands.stopGame(PLACE, { id: BOB.id, admin: false }, 'stop-bob')).rejects.toEqual(
      refusal('refusal.stopWho'),
    );
    expect(ran).toEqual([]);
    await commands.stopGame(PLACE, { id: BOB.id, admin: true }, 'stop-admin');
    expect(ran[0]?.key).toBe('stop-admin');
    expect(ran[0]?.decided?.events.map((e) => e.type)).toContain('GameOver');
  });

  it('abandons a running table once per version, by the clock, and leaves one not running alone', async () => {
    const { commands, ran, steps } = setUp({ held: record() });
    await commands.abandon(7);
    expect(ran[0]).toMatchObject({ key: 'abandon:7:4', by: 'clock' });
    expect(await setUp({ held: record({ running: false }) }).commands.abandon(7)).toBeNull();
    expect(await commands.abandon(8)).toBeNull();
    expect(steps.run).toHaveBeenCalledTimes(1);
  });
});

describe("a table's language (setLanguage)", () => {
  it('changes its notes and saves them at the version held', async () => {
    const { commands, held, saveTableNotes } = setUp({ held: record() });
    await commands.setLanguage(7, 'de');
    expect(held.get(7)?.notes.locale).toBe('de');
    expect(saveTableNotes).toHaveBeenCalledWith(7, expect.objectContaining({ locale: 'de' }), 4);
  });

  it('leaves the save to the next step when the database fails for a while, and throws when it fails for good', async () => {
    const { commands, saveTableNotes, count, warn } = setUp({ held: record() });
    saveTableNotes.mockRejectedValueOnce(new Error('disk full'));
    await expect(commands.setLanguage(7, 'fr')).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    count.mockReturnValueOnce('permanent');
    saveTableNotes.mockRejectedValueOnce(new Error('no such table'));
    await expect(commands.setLanguage(7, 'fr')).rejects.toThrow('no such table');
  });
});
