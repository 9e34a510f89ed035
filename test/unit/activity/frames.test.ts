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
