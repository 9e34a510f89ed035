import { AdjustableClock } from '@guts/local-discord';
import { describe, expect } from 'vitest';
import type { TableFrame } from '../../../src/activity/frames.ts';
import { awaiting, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { codesIn, hiddenFrom, shownAtShowdown } from '../../support/hidden-cards.ts';
import { test } from '../fixture.ts';
import { showdownThenHostAlone } from '../play.ts';
import type { World } from '../world.ts';
import { ActivitySocket, withActivity } from './sockets.ts';

/**
 * Private means private on the wire: two seats and a spectator play real deals over real
 * WebSockets (sessions from the local Discord's code exchange, tickets, the `ws` client),
 * and no frame any of them received ever holds a card hidden from its receiver, by the
 * committed state of the version the frame shows (the property test in
 * test/unit/activity covers frames built directly; this one what the bot actually sends).
 */

const PAUSE_MS = 5_000;
/** Private cards face down (three-card), a board turned over round by round (iron-cross), your own card hidden from you (indian). */
const VARIANTS = ['three-card', 'iron-cross', 'indian'];

describe('the Activity’s WebSocket frames', () => {
  test('never hold a card hidden from their receiver, seat or spectator, over whole games', async ({ startWorld }) => {
    const world = await startWorld(
      withActivity({ players: ['ann', 'bob', 'dan'], clock: new AdjustableClock(), pauseMs: PAUSE_MS }),
    );
    /** Each committed version's state, read from the database once every socket has shown it. */
    const states = new Map<number, GameState>();
    let sockets: ActivitySocket[] = [];
    const settle = async (): Promise<GameState> => {
      const record = await world.tableRecord();
      const shown = () => sockets.every((s) => (s.table?.version ?? -1) >= record.version);
      await expect.poll(shown, { timeout: 20_000 }).toBe(true);
      states.set(record.version, record.state as GameState);
      return record.state as GameState;
    };

    for (const [game, variant] of VARIANTS.entries()) {
      await world.reply('ann', 'guts', { subcommand: 'start', options: { variant } });
      if (game === 0) {
        const instance = world.discord.launchActivity(world.user('ann'), world.channel);
        sockets = await ActivitySocket.openAll(world, ['ann', 'bob', 'dan'], instance.instanceId);
      }
      const [ann, bob] = sockets as [ActivitySocket, ActivitySocket];
      const byId = new Map(sockets.map((s) => [world.user(s.name).id, s]));
      await settle();
      expect(await bob.press('join')).toMatchObject({ ok: true });
      await settle();
      expect(await ann.press('deal')).toMatchObject({ ok: true });
      await playOver(world, settle, byId);
    }

    await checkFrames(world, sockets, states);
    for (const socket of sockets) socket.close();
  }, 180_000);
});

/** Presses every move from the sockets (deal 1: all stay; then the host alone) until the game is over. */
async function playOver(world: World, settle: () => Promise<GameState>, byId: Map<string, ActivitySocket>) {
  const decide = showdownThenHostAlone('ann');
  for (let guard = 0; guard < 100; guard++) {
    const state = await settle();
    const w = awaiting(state);
    if (w.kind === 'over') return;
    if (w.kind === 'between-deals') {
      world.advanceClock(PAUSE_MS + 1);
      await world.until((s) => s.dealNo !== state.dealNo || s.phase === 'over');
      continue;
    }
    if (w.kind !== 'declare' && w.kind !== 'take') throw new Error(`no move for ${w.kind} here`);
    // One move at a time, each step read before the next: every version a frame shows is checked.
    const id = ('turn' in w && w.turn) || (w.pending[0] as string);
    const socket = byId.get(id) as ActivitySocket;
    const round = w.kind === 'declare' ? w.round : 0;
    const choice = decide({ dealNo: state.dealNo, round, player: socket.name, state });
    const press = choice === 'drop' ? 'drop' : w.kind === 'take' ? 'take' : 'stay';
    expect(await socket.press(press), `${socket.name} presses ${press}`).toMatchObject({ ok: true });
  }
  throw new Error('the game did not finish');
}

/**
 * Every frame every socket received, against the state of the version it shows: its live
 * table holds no card hidden from its receiver, its result only cards that result's
 * showdown showed everyone.
 */
async function checkFrames(world: World, sockets: ActivitySocket[], states: Map<number, GameState>) {
  const tableId = (await world.tableRecord()).id;
  const steps = await world.database.db
    .selectFrom('game_steps')
    .select(['version', 'events'])
    .where('table_id', '=', tableId)
    .orderBy('version')
    .execute();
  /** The cards shown at the last deal result committed up to `version`. */
  const resultShown = (version: number): Set<string> => {
    const ended = steps.filter((s) => s.version <= version && s.events.includes('"DealEnded"')).at(-1);
    return ended ? shownAtShowdown(JSON.parse(ended.events) as GameEvent[]) : new Set();
  };
  let seenOwn = 0;
  let guarded = 0;
  for (const socket of sockets) {
    const userId = world.user(socket.name).id;
    for (const frame of socket.frames) {
      if (frame.type === 'answer' || frame.type === 'ack') {
        expect(codesIn(JSON.stringify(frame))).toEqual(new Set());
        continue;
      }
      const table: TableFrame | null = frame.table;
      if (!table) continue;
      const state = states.get(table.version);
      if (!state)
        throw new Error(`${socket.name} got version ${table.version}, which no step left for the test to read`);
      const seat = state.players.some((p) => p.id === userId) ? userId : null;
      const hidden = hiddenFrom(state, seat);
      const { showdown, ...live } = table;
      const onWire = codesIn(JSON.stringify({ ...frame, table: live }));
      expect(
        [...onWire].filter((c) => hidden.has(c)),
        `${socket.name}, version ${table.version}`,
      ).toEqual([]);
      const shown = resultShown(table.version);
      const inResult = [...codesIn(JSON.stringify(showdown))];
      expect(
        inResult.filter((c) => !shown.has(c)),
        `${socket.name}'s result, version ${table.version}`,
      ).toEqual([]);
      if (hidden.size > 0) guarded++;
      if (seat && state.deal && onWire.size > 0) seenOwn++;
    }
  }
  // The check had something to hold back, and the seats saw cards over the wire.
  expect(guarded).toBeGreaterThan(10);
  expect(seenOwn).toBeGreaterThan(5);
}
