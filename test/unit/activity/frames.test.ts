import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_BYTES, parseClientMessage } from '../../../src/activity/frames.ts';

const press = { type: 'press', requestId: 'r-1', press: 'stay', dealNo: 3 };
const read = (value: unknown) => parseClientMessage(JSON.stringify(value));

/** The server's only reader of what a page sends: every field checked, anything else refused unread. */
describe("a page's message", () => {
  it('reads a press with its optional picks, level and round', () => {
    expect(read(press)).toEqual(press);
    expect(read({ ...press, press: 'swap', cards: ['As', 'Td'] })).toMatchObject({ cards: ['As', 'Td'] });
    expect(read({ ...press, press: 'computer', level: 'balanced' })).toMatchObject({ level: 'balanced' });
    expect(read({ ...press, round: 2 })).toMatchObject({ round: 2 });
  });

  it.each([
    ['an unknown field', { ...press, seat: 1 }],
    ['an unknown press', { ...press, press: 'win' }],
    ['a round that is not a whole number from 1', { ...press, round: 0 }],
    ['a round as text', { ...press, round: '2' }],
    ['a deal number below 0', { ...press, dealNo: -1 }],
    ['a card that is not a card', { ...press, cards: ['1x'] }],
    ['a request id with spaces', { ...press, requestId: 'a b' }],
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
