import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, parseClientMessage } from '../../../src/activity/frames.ts';

const press = { type: 'press', requestId: 'r-1', press: 'stay', dealNo: 3 };
const rules = { type: 'press', requestId: 'r-2', press: 'rules', dealNo: 3 };
const read = (value: unknown) => parseClientMessage(JSON.stringify(value));

/** The server's only reader of what a page sends: every field checked, anything else refused unread. */
describe("a page's message", () => {
  it('reads a press with its optional picks, level and round', () => {
    expect(read(press)).toEqual(press);
    expect(read({ ...press, press: 'swap', cards: ['As', 'Td'] })).toMatchObject({ cards: ['As', 'Td'] });
    expect(read({ ...press, press: 'computer', level: 'balanced' })).toMatchObject({ level: 'balanced' });
    expect(read({ ...press, round: 2 })).toMatchObject({ round: 2 });
  });

  it("reads the host's rules within the rule book's bounds (the Rules panel's changes)", () => {
    const options = {
      ante: 7,
      cap: null,
      declare: 'sequential',
      odds: false,
      deadlyRank: 'Q',
      match: { kind: 'burn', amount: 5 },
    };
    expect(read({ ...rules, options })).toEqual({ ...rules, options });
    expect(read({ ...press, press: 'again', options: { timer: 300 } })).toMatchObject({ options: { timer: 300 } });
    // Every rule changed at once still fits a message.
    const all = { ...options, timer: 300, wimpAmount: 1_000_000_000, legs: 100, dropPenalty: 100, discard: 5 };
    expect(JSON.stringify({ ...rules, options: all }).length).toBeLessThan(MAX_MESSAGE_BYTES);
  });

  it.each([
    ['an unknown field', { ...press, seat: 1 }],
    ['an unknown press', { ...press, press: 'win' }],
    ['a round that is not a whole number from 1', { ...press, round: 0 }],
    ['a round as text', { ...press, round: '2' }],
    ['a deal number below 0', { ...press, dealNo: -1 }],
    ['a card that is not a card', { ...press, cards: ['1x'] }],
    ['a request id with spaces', { ...press, requestId: 'a b' }],
    ['a rule that is not one', { ...rules, options: { jackpot: true } }],
    ['a countdown under the rule book’s 10 s', { ...rules, options: { timer: 5 } }],
    ['an ante of no chips', { ...rules, options: { ante: 0 } }],
    ['a fractional ante', { ...rules, options: { ante: 1.5 } }],
    ['a choice the rule book lacks', { ...rules, options: { declare: 'shouted' } }],
    ['a match rule with a stray field', { ...rules, options: { match: { kind: 'pot', amount: 3 } } }],
    ['a percent over 100', { ...rules, options: { match: { kind: 'percent', percent: 101 } } }],
    ['options that are not an object', { ...rules, options: ['ante', 3] }],
  ])('refuses %s', (_what, value) => {
    expect(read(value)).toBeNull();
  });

  it('refuses what is not JSON, or too long to be a press', () => {
    expect(parseClientMessage('{"type":')).toBeNull();
    expect(parseClientMessage(JSON.stringify({ ...press, level: 'x'.repeat(MAX_MESSAGE_BYTES) }))).toBeNull();
  });
});

describe("a page's message, whatever its shape", () => {
  it.each([
    ['null', null],
    ['an array', [press]],
    ['a number', 3],
    ['a string', 'press'],
    ['a deal number as text', { ...press, dealNo: '3' }],
    ['a fractional deal number', { ...press, dealNo: 1.5 }],
    ['a deal number past the safe integers', { ...press, dealNo: 2 ** 53 }],
    ['cards as a string', { ...press, cards: 'As' }],
    ['eight cards', { ...press, cards: ['As', 'Ks', 'Qs', 'Js', 'Ts', '9s', '8s', '7s'] }],
    ['a level that is not text', { ...press, level: 3 }],
    ['a prototype key', JSON.parse('{"type":"press","requestId":"r","press":"stay","dealNo":1,"__proto__":{"x":1}}')],
    ['no type', { requestId: 'r', press: 'stay', dealNo: 1 }],
  ])('refuses %s', (_what, value) => {
    expect(read(value)).toBeNull();
  });
});
