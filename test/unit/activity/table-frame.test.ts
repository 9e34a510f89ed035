import { describe, expect, it } from 'vitest';
import { choices, pickable, pickLimit, ready, togglePick } from '../../../src/activity/page/choices.ts';
import { dealPassesOf, dealResultOf, tableFrame } from '../../../src/activity/table-frame.ts';
import { prettyCard } from '../../../src/cards/card.ts';
import { type Action, apply, createGame, type GameEvent, type GameState } from '../../../src/engine/index.ts';
import { ensureLanguages } from '../../../src/i18n/index.ts';
import type { GameRecord } from '../../../src/table/game-record.ts';
import { NO_NOTES } from '../../../src/table/table-notes.ts';

/**
 * A frame as the Activity's page reads it, and what the page offers from it
 * (page/choices.ts): the seats' pictures, chips and face-up cards, the board's layout,
 * what the table waits for in the receiver's words, every payment in words, and the
 * presses and picks each kind of turn allows.
 */

const ANN = '1';
const BOB = '2';

const step = (state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } => {
  let events: GameEvent[] = [];
  for (const action of actions) ({ state, events } = apply(state, action));
  return { state, events };
};

function game(variant: string, options: Record<string, unknown> = {}): GameState {
  const lobby = createGame({ variant, rng: [1, 2, 3, 4], host: ANN, hostName: 'Ann', options });
  return step(lobby, { type: 'join', playerId: BOB, name: 'Bob' }).state;
}

const recordOf = (state: GameState): GameRecord => ({
  id: 1,
  guildId: '100',
  channelId: '200',
  version: 1,
  running: state.phase !== 'over',
  state,
  deadline: 50_000,
  messages: NO_NOTES,
  dealNo: state.dealNo,
  updatedAt: 0,
});

const frameOf = (state: GameState, viewer: string, more: Partial<Parameters<typeof tableFrame>[0]> = {}) => {
  const frame = tableFrame({
    record: recordOf(state),
    notes: NO_NOTES,
    viewer,
    locale: 'en-US',
    result: null,
    ...more,
  });
  if (!frame) throw new Error('no frame');
  return frame;
};

describe('a table frame', () => {
  it('shows a seat the avatar the bot has seen, else none, and each seat its net chips', () => {
    const frame = frameOf(game('three-card'), ANN, { avatars: new Map([[ANN, 'abc123']]), nets: { [BOB]: -30 } });
    const [ann, bob] = frame.seats;
    expect(ann?.avatar).toBe(`https://cdn.discordapp.com/avatars/${ANN}/abc123.png?size=64`);
    expect(bob?.avatar).toBeNull();
    expect([ann?.chips, bob?.chips]).toEqual([0, -30]);
    expect(bob?.chipsText).toBe('-30 chips');
  });

  it('says what the table waits for with the time left to fill, names plain', () => {
    const lobby = frameOf(game('three-card'), BOB);
    expect(lobby.prompt).toBe('Waiting for the host to deal.');
    const together = frameOf(step(game('three-card'), { type: 'startDeal', by: ANN }).state, BOB);
    expect(together.prompt).toMatch(/^Stay or drop: the reveal is \{\{when\}\}/);
    expect(together.awaiting.kind).toBe('declare');
    expect(together.countdownMs).toBe(30_000);
    expect(lobby.countdownMs).toBeNull();
    const inTurn = frameOf(
      step(game('three-card', { declare: 'sequential' }), { type: 'startDeal', by: ANN }).state,
      BOB,
    );
    const turn = inTurn.seats.find((s) => s.id === inTurn.awaiting.turn)?.name;
    expect(inTurn.awaiting.mode).toBe('sequential');
    expect(inTurn.prompt).toBe(`${turn} to act: stay or drop, {{when}}.`);
  });

  it('tells the others who is drawing in turn, and the drawer what to pick', () => {
    const dealt = step(game('five-card-draw'), { type: 'startDeal', by: ANN }).state;
    const first = frameOf(dealt, ANN).awaiting.turn as string;
    const other = first === ANN ? BOB : ANN;
    const drawing = step(dealt, { type: 'declare', playerId: first, choice: 'stay' }).state;
    const drawer = frameOf(drawing, first);
    expect(drawer.awaiting).toMatchObject({ kind: 'draw', turn: first, max: 3 });
    expect(drawer.prompt).toBe('Pick up to 3 cards to swap');
    const name = drawer.seats.find((s) => s.id === first)?.name;
    expect(frameOf(drawing, other).prompt).toBe(`${name} is swapping cards, {{when}}.`);
    expect(frameOf(drawing, '9').prompt).toBe(`${name} is swapping cards, {{when}}.`);
  });

  it('marks the cards everyone sees face up, and lays the board out on its grid', () => {
    const dealt = step(game('iron-cross'), { type: 'startDeal', by: ANN }).state;
    const frame = frameOf(dealt, ANN);
    expect(frame.board.map((b) => [b.pos, b.col, b.row])).toEqual([
      ['N', 1, 0],
      ['W', 0, 1],
      ['C', 1, 1],
      ['E', 2, 1],
      ['S', 1, 2],
    ]);
    // Two more inches: the player in turn takes two cards face up; the other sees them, marked so.
    const dealtTake = step(game('two-more-inches'), { type: 'startDeal', by: ANN }).state;
    const taker = dealtTake.deal?.players[0] as string;
    const taken = step(dealtTake, { type: 'take', playerId: taker }).state;
    expect(taken.phase).toBe('deal');
    const seen = frameOf(taken, taker === ANN ? BOB : ANN).seats.find((x) => x.id === taker);
    expect(seen?.cards.filter((c) => c?.up).map((c) => c?.code)).toHaveLength(2);
    expect(seen?.cards.filter((c) => c === null)).toHaveLength(5);
  });

  it('says every payment of a result in words, in the receiver language, names plain', async () => {
    await ensureLanguages('de');
    const dealt = step(game('three-card'), { type: 'startDeal', by: ANN }).state;
    const { state, events } = step(
      dealt,
      { type: 'declare', playerId: ANN, choice: 'stay' },
      { type: 'declare', playerId: BOB, choice: 'stay' },
    );
    const result = dealResultOf(events, NO_NOTES, state);
    expect(result).not.toBeNull();
    const en = frameOf(state, ANN, { result }).showdown;
    expect(en?.paid.length).toBeGreaterThan(0);
    for (const line of en?.paid ?? []) expect(line).toMatch(/^(Ann|Bob) (takes|pays) /);
    const de = frameOf(state, ANN, { result, locale: 'de' }).showdown;
    expect(de?.paid).not.toEqual(en?.paid);
    expect((de?.paid ?? []).join(' ')).not.toContain('*');
  });
});

describe('what the page offers', () => {
  const dealtWith = (options: Record<string, unknown>) =>
    step(game('three-card', options), { type: 'startDeal', by: ANN }).state;

  it('the lobby: the host deals and seats computers, a seat leaves, a watcher joins', () => {
    const lobby = game('three-card');
    expect(choices(frameOf(lobby, ANN)).map((c) => c.press)).toEqual([
      'deal',
      'leave',
      'computer',
      'computer',
      'computer',
    ]);
    expect(choices(frameOf(lobby, BOB)).map((c) => c.press)).toEqual(['leave']);
    expect(choices(frameOf(lobby, '99')).map((c) => c.press)).toEqual(['join']);
  });

  it('a declaration: Stay, and Drop with its cost', () => {
    const frame = frameOf(dealtWith({}), ANN);
    expect(choices(frame).map((c) => c.press)).toEqual(['stay', 'drop', 'leave']);
  });

  it('game over: Play again for its host alone, Leave for everyone', () => {
    const over = { ...dealtWith({}), phase: 'over' as const, deal: null };
    expect(choices(frameOf(over, ANN)).map((c) => c.press)).toEqual(['again', 'leave']);
    expect(choices(frameOf(over, BOB)).map((c) => c.press)).toEqual(['leave']);
  });

  it("the receiver's own odds as the chat says them, never a spectator's, none where the table turned them off", () => {
    const odds = { beatOne: 0.3, beatAll: 0.2, exact: true, samples: 1, halfWidth: 0 };
    expect(frameOf(dealtWith({}), ANN, { odds }).yourOdds).toBe('Odds: beats one random hand 30%');
    expect(frameOf(dealtWith({}), '99', { odds }).yourOdds).toBeNull();
    expect(frameOf(dealtWith({ odds: false }), ANN, { odds }).yourOdds).toBeNull();
  });

  it('a pass: one card, the pick moving to the last pressed, the press waiting for it', () => {
    const frame = frameOf(dealtWith({ pass: 'left' }), ANN);
    expect(frame.awaiting.kind).toBe('pass');
    expect(pickLimit(frame)).toBe(1);
    const [a, b] = frame.seats.find((s) => s.id === ANN)?.cards ?? [];
    if (!a || !b) throw new Error('no cards');
    const pass = choices(frame).find((c) => c.press === 'pass');
    if (!pass) throw new Error('no pass');
    expect(ready(pass, new Set())).toBe(false);
    const picked = togglePick(frame, b, togglePick(frame, a, new Set()));
    expect([...picked]).toEqual([b.code]);
    expect(ready(pass, picked)).toBe(true);
  });

  it('a discard: up to its limit, face-up cards never, Keep always', () => {
    const frame = frameOf(dealtWith({ discard: 2 }), ANN);
    expect(choices(frame).map((c) => c.press)).toEqual(['swap', 'keep', 'leave']);
    const [a, b, c] = frame.seats.find((s) => s.id === ANN)?.cards ?? [];
    if (!a || !b || !c) throw new Error('no cards');
    const two = togglePick(frame, b, togglePick(frame, a, new Set()));
    expect(pickable(frame, c, two)).toBe(false);
    expect(togglePick(frame, c, two)).toEqual(two);
    expect(pickable(frame, { ...c, up: true }, new Set())).toBe(false);
    // A spectator and a seat already done pick nothing.
    expect(pickLimit(frameOf(dealtWith({ discard: 2 }), '99'))).toBe(0);
  });

  it('a take in turn: Take with its count, or Drop, for the seat whose turn it is only', () => {
    const s = step(game('two-more-inches'), { type: 'startDeal', by: ANN }).state;
    const frame = frameOf(s, ANN);
    expect(frame.awaiting.kind).toBe('take');
    const turn = frame.awaiting.turn;
    const mine = choices(frameOf(s, turn as string));
    expect(mine.map((c) => [c.press, c.label.key, c.label.vars?.count])).toEqual([
      ['take', 'button.takeMany', 2],
      ['drop', 'button.drop', undefined],
      ['leave', 'button.leave', undefined],
    ]);
    const other = turn === ANN ? BOB : ANN;
    expect(choices(frameOf(s, other)).map((c) => c.press)).toEqual(['leave']);
  });
});

describe("a frame's result", () => {
  const CAT = '1869359626003745282';
  function threeSeats(): GameState {
    return step(game('three-card'), { type: 'join', playerId: CAT, name: 'Cat' }).state;
  }

  it('names a seat that left during the deal as the chat does, and a computer by its name, never by an id', () => {
    const dealt = step(threeSeats(), { type: 'startDeal', by: ANN }, { type: 'leave', playerId: CAT }).state;
    const { state, events } = step(
      dealt,
      { type: 'declare', playerId: ANN, choice: 'stay' },
      { type: 'declare', playerId: BOB, choice: 'stay' },
      { type: 'declare', playerId: CAT, choice: 'stay' },
    );
    expect(state.players.map((p) => p.id)).not.toContain(CAT);
    const result = dealResultOf(events, NO_NOTES, dealt);
    const shown = frameOf(state, BOB, { result }).showdown;
    const text = JSON.stringify(shown?.paid);
    expect(text).not.toContain(CAT);
    expect(text).toContain('Cat');
    expect(shown?.names[CAT]).toBe('Cat');
  });

  it('belongs to its deal: gone once the next deal starts, in the next game, and after a lobby is stopped', () => {
    const dealt = step(game('three-card'), { type: 'startDeal', by: ANN }).state;
    const { state, events } = step(
      dealt,
      { type: 'declare', playerId: ANN, choice: 'stay' },
      { type: 'declare', playerId: BOB, choice: 'stay' },
    );
    const result = dealResultOf(events, NO_NOTES, dealt);
    expect(frameOf(state, ANN, { result }).showdown?.dealNo).toBe(1);
    const next = step(state, { type: 'startDeal', by: ANN }).state;
    expect(next.phase).toBe('deal');
    expect(frameOf(next, ANN, { result }).showdown).toBeNull();
    // The next game at the table, its deals counted after this one's: its lobby, and that lobby stopped.
    const notes = { ...NO_NOTES, dealBase: 1 };
    const lobby = game('three-card');
    expect(frameOf(lobby, ANN, { result, notes }).showdown).toBeNull();
    const stopped = step(lobby, { type: 'stop', by: ANN }).state;
    expect(stopped.phase).toBe('over');
    expect(frameOf(stopped, ANN, { result, notes }).showdown).toBeNull();
  });
});

describe("a frame's pass", () => {
  it('tells each seat only the card it gave and the one it got, and a spectator neither', () => {
    const dealt = step(game('three-card', { pass: 'left' }), { type: 'startDeal', by: ANN }).state;
    const card = (id: string) => dealt.deal?.hands[id]?.[0] as number;
    const { state, events } = step(
      dealt,
      { type: 'pass', playerId: ANN, card: card(ANN) },
      { type: 'pass', playerId: BOB, card: card(BOB) },
    );
    const passes = dealPassesOf(events, NO_NOTES, state.dealNo);
    const pretty = (id: string) => prettyCard(card(id));
    expect(frameOf(state, ANN, { passes }).passed).toBe(
      `You passed ${pretty(ANN)} to Bob; ${pretty(BOB)} came from Bob.`,
    );
    expect(frameOf(state, 'spectator', { passes }).passed).toBeNull();
    expect(JSON.stringify(frameOf(state, 'spectator', { passes }))).not.toContain(pretty(ANN));
  });
});
