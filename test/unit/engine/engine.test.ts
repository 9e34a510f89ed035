import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../../src/cards/card.ts';
import { Rng } from '../../../src/cards/rng.ts';
import { apply, awaiting, createGame, type GameState, viewFor } from '../../../src/engine/index.ts';
import { getVariant, listVariants, parseOptions, type RuleError } from '../../../src/rules/index.ts';
import { refusal, run } from './driver.ts';

function table(variant: string, options: Record<string, unknown> = {}, players = ['ann', 'bob', 'cat']): GameState {
  let s = createGame({ variant, options, rng: Rng.fromSeed(7).state(), host: 'ann' });
  for (const p of players) s = apply(s, { type: 'join', playerId: p, name: p.toUpperCase() }).state;
  return s;
}

describe('variants', () => {
  it('lists every variant of docs/RULES.md: The variants with a two-line summary', () => {
    const ids = listVariants().map((v) => v.id);
    expect(ids).toHaveLength(21);
    for (const v of listVariants()) expect(v.summary.split('\n')).toHaveLength(2);
    expect(ids.slice(0, 5)).toEqual(['two-card', 'three-card', 'one-card', 'indian', 'iron-cross']);
  });

  it('serves as many players as the deck can (docs/RULES.md: Deals that cannot complete)', () => {
    const max = Object.fromEntries(listVariants().map((v) => [v.id, v.maxPlayers]));
    expect(max).toMatchObject({ 'two-card': 26, 'three-card': 17, 'one-card': 52, indian: 52, 'iron-cross': 11 });
    expect(max['three-five-seven']).toBe(7);
    expect(max['deadly-69s']).toBe(17);
  });

  it('places the Iron Cross board on a grid with its two lines', () => {
    const v = getVariant('iron-cross');
    expect(v.board.map((p) => [p.id, p.col, p.row])).toEqual([
      ['N', 1, 0],
      ['W', 0, 1],
      ['C', 1, 1],
      ['E', 2, 1],
      ['S', 1, 2],
    ]);
    expect(v.lines).toEqual([
      ['N', 'C', 'S'],
      ['W', 'C', 'E'],
    ]);
  });

  it('refuses an unknown variant', () => {
    expect(() => getVariant('stud')).toThrow('unknown variant stud');
  });
});

describe('options', () => {
  it('fills defaults, including the per-variant ones', () => {
    expect(parseOptions('two-card', {})).toMatchObject({ ante: 1, timer: 30, cap: null, allDrop: 'carry', legs: null });
    expect(parseOptions('iron-cross', {}).dropPenalty).toBe(10);
    expect(parseOptions('indian', {}).declare).toBe('sequential');
    expect(parseOptions('three-five-seven', {})).toMatchObject({ legs: 3, money: 'pay-winner' });
    expect(parseOptions('two-card', { kitty: 'always' }).allDrop).toBe('reante');
    expect(parseOptions('two-card', { kitty: 'always', allDrop: 'carry' }).allDrop).toBe('carry');
  });

  it('names the bad option', () => {
    expect(() => parseOptions('two-card', { foo: 1 })).toThrow('unknown option foo');
    expect(() => parseOptions('two-card', { timer: 5 })).toThrow('timer must be 10–300');
    expect(() => parseOptions('two-card', { ante: 0 })).toThrow('ante must be an integer ≥ 1');
    expect(() => parseOptions('two-card', { match: { kind: 'burn' } })).toThrow(/match must be/);
    expect(() => parseOptions('two-card', { match: { kind: 'percent', percent: 101 } })).toThrow('match.percent');
    expect(() => parseOptions('three-card', { deadly: '7s' })).toThrow('deadly does not apply to three-card');
    expect(() => parseOptions('two-card', { discard: 3 })).toThrow('discard must be 0–2');
    const e = (() => {
      try {
        parseOptions('two-card', { cap: -1 });
      } catch (err) {
        return err as RuleError;
      }
    })();
    expect(e?.field).toBe('cap');
  });

  it('parses its own output unchanged', () => {
    for (const v of listVariants()) {
      const once = parseOptions(v.id, { ante: 2 });
      expect(parseOptions(v.id, once)).toEqual(once);
    }
  });
});

describe('apply', () => {
  it('never changes the state it is given', () => {
    const s = table('three-card');
    const before = JSON.stringify(s);
    apply(s, { type: 'startDeal', by: 'ann' });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('keeps declarations secret until everybody has chosen', () => {
    const { state, events } = run(
      table('two-card'),
      { type: 'startDeal', by: 'ann' },
      { type: 'declare', playerId: 'bob', choice: 'stay' },
      { type: 'declare', playerId: 'bob', choice: 'drop' },
    );
    expect(events.filter((e) => e.type === 'Declared').map((e) => e.type === 'Declared' && e.choice)).toEqual([
      null,
      null,
    ]);
    expect(awaiting(state)).toMatchObject({ kind: 'declare', mode: 'simultaneous', pending: ['ann', 'cat'] });
    const done = run(state, { type: 'timeout' });
    const revealed = done.events.find((e) => e.type === 'Revealed');
    expect(revealed).toMatchObject({ stayed: [], dropped: ['ann', 'bob', 'cat'], timedOut: ['ann', 'cat'] });
  });

  it('refuses with stable codes and short messages', () => {
    const lobby = table('two-card', { declare: 'sequential', compulsoryFirst: false });
    expect(refusal(lobby, { type: 'startDeal', by: 'bob' })).toMatchObject({ code: 'not-host' });
    expect(refusal(lobby, { type: 'declare', playerId: 'ann', choice: 'stay' }).message).toBe('That deal is over');
    const dealing = apply(lobby, { type: 'startDeal', by: 'ann' }).state;
    expect(refusal(dealing, { type: 'declare', playerId: 'zed', choice: 'stay' }).message).toBe(
      "You're not at this table",
    );
    expect(refusal(dealing, { type: 'declare', playerId: 'bob', choice: 'stay' }).message).toBe("It's not your turn");
    expect(refusal(dealing, { type: 'stop', by: 'bob' }).code).toBe('not-host');
    expect(refusal(dealing, { type: 'pass', playerId: 'ann', card: 0 }).code).toBe('wrong-step');
    const compulsory = apply(table('two-card', { compulsoryFirst: true }), { type: 'startDeal', by: 'ann' }).state;
    expect(refusal(compulsory, { type: 'declare', playerId: 'ann', choice: 'drop' }).message).toBe(
      "You can't drop on the first round",
    );
    expect(awaiting(compulsory)).toMatchObject({ canDrop: false });
  });

  it('asks in turn from the dealer’s left and puts the dealer in when all before dropped', () => {
    let s = apply(table('two-card', { declare: 'sequential' }), { type: 'startDeal', by: 'ann' }).state;
    expect(awaiting(s)).toMatchObject({ kind: 'declare', mode: 'sequential', turn: 'ann' });
    s = apply(s, { type: 'declare', playerId: 'ann', choice: 'drop' }).state;
    const r = apply(s, { type: 'declare', playerId: 'bob', choice: 'drop' });
    expect(r.events).toContainEqual({ type: 'Declared', playerId: 'cat', round: 1, choice: 'stay', auto: 'dealer' });
    expect(r.state.phase).toBe('over');
  });

  it('lets a player leave after the deal and ends a stopped game after it', () => {
    let s = apply(table('two-card', {}, ['ann', 'bob', 'cat', 'dan']), { type: 'startDeal', by: 'ann' }).state;
    const left = apply(s, { type: 'leave', playerId: 'dan' });
    expect(left.events).toEqual([{ type: 'LeaveScheduled', playerId: 'dan' }]);
    s = apply(left.state, { type: 'stop', by: 'ann' }).state;
    expect(s.phase).toBe('deal');
    const end = apply(s, { type: 'timeout' });
    expect(end.state.players.map((p) => p.id)).toEqual(['ann', 'bob', 'cat']);
    expect(end.state.phase).toBe('over');
    expect(end.events.at(-1)).toMatchObject({ type: 'GameOver', reason: 'stopped', pot: 4 });
    expect(refusal(end.state, { type: 'join', playerId: 'eve', name: 'eve' }).code).toBe('game-over');
  });

  it('stops at once between deals, and only for the host', () => {
    const s = table('two-card');
    expect(apply(s, { type: 'stop', by: 'ann' }).state.phase).toBe('over');
  });

  it('checks the deck limit when players join', () => {
    const names = Array.from({ length: 7 }, (_, i) => `p${i}`);
    const full = table('three-five-seven', {}, names);
    expect(refusal(full, { type: 'join', playerId: 'p7', name: 'p7' })).toMatchObject({ code: 'table-full' });
    const kitty = table(
      'two-card',
      { kitty: 'always' },
      Array.from({ length: 25 }, (_, i) => `p${i}`),
    );
    expect(refusal(kitty, { type: 'join', playerId: 'zz', name: 'zz' }).message).toBe('The table is full (25 players)');
  });

  it('increments dealNo and moves the button left each deal', () => {
    let s = apply(table('one-card'), { type: 'startDeal', by: 'ann' }).state;
    expect([s.dealNo, s.button]).toEqual([1, 'cat']);
    s = apply(s, { type: 'timeout' }).state;
    s = apply(s, { type: 'startDeal', by: 'bob' }).state;
    expect([s.dealNo, s.button, s.deal?.players]).toEqual([2, 'ann', ['bob', 'cat', 'ann']]);
  });
});

describe('viewFor', () => {
  it('shows a player only their own cards, and nothing of the deck or the RNG', () => {
    const s = apply(table('three-card', { kitty: 'always' }), { type: 'startDeal', by: 'ann' }).state;
    const view = viewFor(s, 'bob');
    expect(view.deal?.hands.bob?.every((c) => c !== null)).toBe(true);
    expect(view.deal?.hands.ann).toEqual([null, null, null]);
    expect(Object.keys(view)).not.toContain('rng');
    expect(Object.keys(view.deal ?? {})).not.toEqual(expect.arrayContaining(['deck']));
    expect(JSON.stringify(view.deal)).not.toMatch(/"deck"|"kitty"|"stack"|"dealtTo"/);
    for (const c of s.deal?.hands.ann ?? []) expect(view.deal?.hands.ann).not.toContain(c);
  });

  it("hides an Indian guts player's own card and shows everybody else's", () => {
    const s = apply(table('indian'), { type: 'startDeal', by: 'ann' }).state;
    const view = viewFor(s, 'ann');
    expect(view.deal?.hands.ann).toEqual([null]);
    expect(view.deal?.hands.bob).toEqual(s.deal?.hands.bob);
  });

  it('keeps face-down board cards hidden until the showdown', () => {
    const stack = { board: { U1: parseCard('As'), D1: parseCard('Kd') }, cards: { ann: parseCards('2c 3c 4c 5c') } };
    const s = apply(table('piranha'), { type: 'startDeal', by: 'ann', stack }).state;
    const view = viewFor(s, 'ann');
    expect(view.deal?.board.U1).toBe(parseCard('As'));
    expect(view.deal?.board.D1).toBeNull();
    expect(view.deal?.hands.ann).toEqual(parseCards('2c 3c 4c 5c'));
  });
});

describe('awaiting', () => {
  it('says what the table waits for through a deal with passing and discards', () => {
    let s = table('three-card', { pass: 'left', discard: 1 });
    expect(awaiting(s)).toEqual({ kind: 'lobby' });
    s = apply(s, { type: 'startDeal', by: 'ann' }).state;
    expect(awaiting(s)).toEqual({ kind: 'pass', pending: ['ann', 'bob', 'cat'], max: 1 });
    s = apply(s, { type: 'timeout' }).state;
    expect(awaiting(s)).toEqual({ kind: 'discard', pending: ['ann', 'bob', 'cat'], max: 1 });
    s = apply(s, { type: 'timeout' }).state;
    expect(awaiting(s)).toMatchObject({ kind: 'declare', round: 1, pending: ['ann', 'bob', 'cat'] });
    s = apply(s, { type: 'timeout' }).state;
    expect(awaiting(s)).toEqual({ kind: 'between-deals' });
  });

  it('offers Deadly 69s players a face-up card in turn', () => {
    const s = apply(table('deadly-69s'), { type: 'startDeal', by: 'ann' }).state;
    expect(awaiting(s)).toEqual({ kind: 'take', pending: ['ann', 'bob', 'cat'], turn: 'ann', count: 1 });
    const took = apply(s, { type: 'take', playerId: 'ann' });
    expect(took.events[0]).toMatchObject({ type: 'TookCard', playerId: 'ann' });
    expect(viewFor(took.state, 'bob').deal?.hands.ann?.filter((c) => c !== null)).toHaveLength(1);
  });
});
