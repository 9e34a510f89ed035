import { describe, expect, it } from 'vitest';
import { asTableNotes, NO_NOTES } from '../../../src/table/table-notes.ts';

/** The `messages` column read as a table's notes: each field checked on its own, nothing cast. */

describe("a table's notes as stored", () => {
  it('reads every field of notes as saved', () => {
    const saved = {
      dealBase: 12,
      fourColour: true,
      locale: 'pt-BR',
      pressedThisDeal: true,
      quietDeals: 1,
      returning: [{ id: '7', name: 'Ann' }],
    };
    expect(asTableNotes(JSON.parse(JSON.stringify(saved)))).toEqual(saved);
  });

  it('reads what is not notes, or a field of the wrong kind, as a table without it; the rest still stand', () => {
    for (const value of [null, undefined, 'x', 42, [], [1, 2], true]) expect(asTableNotes(value)).toEqual(NO_NOTES);
    expect(
      asTableNotes({
        dealBase: -1,
        fourColour: 'yes',
        locale: 'x"; drop',
        pressedThisDeal: 1,
        quietDeals: 2.5,
        returning: 'Ann',
      }),
    ).toEqual(NO_NOTES);
    expect(asTableNotes({ dealBase: 2 ** 60, quietDeals: -3, locale: 'de' })).toEqual({ ...NO_NOTES, locale: 'de' });
    expect(asTableNotes({ dealBase: '5', quietDeals: 3 })).toEqual({ ...NO_NOTES, quietDeals: 3 });
  });

  it('keeps the people that read as people: one bad entry costs the others nothing', () => {
    const notes = asTableNotes({
      returning: [{ id: '1', name: 'Ann' }, null, { id: 2, name: 'Bob' }, { id: '3' }, 'Cat'],
    });
    expect(notes.returning).toEqual([{ id: '1', name: 'Ann' }]);
  });

  it('gives a fresh object each time: a runtime changes its notes in place', () => {
    const a = asTableNotes('not notes');
    a.locale = 'fr';
    expect(asTableNotes('not notes').locale).toBe('en-US');
    expect(NO_NOTES.locale).toBe('en-US');
  });
});
