import { describe, expect, it } from 'vitest';
import { apply, createGame, type GameState, publicView } from '../../../src/engine/index.ts';
import { refusal } from './driver.ts';

const lobby = (variant = 'iron-cross'): GameState =>
  createGame({ variant, rng: [1, 2, 3, 4], host: 'ann', hostName: 'Ann' });

describe('the host changing the rules in the lobby', () => {
  it('lays the changes over the current options and says so', () => {
    const first = apply(lobby(), { type: 'setOptions', by: 'ann', options: { cap: 50 } }).state;
    const { state, events } = apply(first, { type: 'setOptions', by: 'ann', options: { ties: 'no-split' } });
    expect(state.options.cap).toBe(50);
    expect(state.options.ties).toBe('no-split');
    expect(events).toEqual([{ type: 'OptionsChanged', by: 'ann', options: state.options }]);
  });

  it('puts new options rather than changing them in place: a view drawn before keeps the old ones', () => {
    const before = lobby('three-card');
    const view = publicView(before);
    const copy = structuredClone(before.options);
    const { state } = apply(before, { type: 'setOptions', by: 'ann', options: { ante: 25, kitty: 'always' } });
    expect(state.options).not.toBe(before.options);
    expect(before.options).toEqual(copy);
    expect(view.options).toEqual(copy);
    expect(publicView(state).options.ante).toBe(25);
  });

  it('lets a later change put an option back to its default, which then follows the others again', () => {
    const withKitty = apply(lobby('three-card'), { type: 'setOptions', by: 'ann', options: { kitty: 'always' } });
    // A fresh table with a kitty re-antes when everyone drops (docs/RULES.md: Table options).
    expect(withKitty.state.options.allDrop).toBe('reante');
    const back = apply(withKitty.state, { type: 'setOptions', by: 'ann', options: { kitty: 'off', allDrop: 'carry' } });
    expect(back.state.options).toEqual(lobby('three-card').options);
  });

  it('refuses anyone but the host, after the first deal, and options the parser refuses, naming them', () => {
    let s = apply(lobby('three-card'), { type: 'join', playerId: 'bob', name: 'Bob' }).state;
    expect(refusal(s, { type: 'setOptions', by: 'bob', options: { cap: 5 } }).code).toBe('not-host');
    const bad = refusal(s, { type: 'setOptions', by: 'ann', options: { cap: -1 } });
    expect(bad.field).toBe('cap');
    expect(refusal(s, { type: 'setOptions', by: 'ann', options: { deadly: '7s' } }).message).toMatch(/deadly/);
    s = apply(s, { type: 'startDeal', by: 'ann' }).state;
    expect(refusal(s, { type: 'setOptions', by: 'ann', options: { cap: 5 } }).code).toBe('game-started');
  });
});
