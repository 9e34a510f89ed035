import { describe, expect, it } from 'vitest';
import { chooseLength, type SeasonEra, seasonAt, seasonNumbered } from '../../../src/table/seasons.ts';

/** seasons.ts: a place's calendar of seasons, in UTC. */
const at = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h);
const months: SeasonEra[] = [{ startsAt: at(2026, 1, 1), length: 'month', firstNumber: 1 }];

describe('a place’s seasons', () => {
  it('are calendar months from the first deal’s month by default, numbered from 1', () => {
    expect(seasonAt(months, at(2026, 1, 20))).toEqual({
      number: 1,
      start: at(2026, 1, 1),
      end: at(2026, 2, 1),
      length: 'month',
    });
    expect(seasonAt(months, at(2026, 12, 31, 23))?.number).toBe(12);
    expect(seasonAt(months, at(2027, 1, 1))?.number).toBe(13);
    expect(seasonAt(months, at(2025, 12, 31))).toBeNull();
  });

  it('change length when the season under way ends, and keep counting', () => {
    const weeks = chooseLength(months, 'week', at(2026, 3, 10));
    // March runs to its end; the first week season is the rest of the week 1 April falls in.
    expect(seasonAt(weeks, at(2026, 3, 31))?.number).toBe(3);
    expect(seasonAt(weeks, at(2026, 4, 1))).toEqual({
      number: 4,
      start: at(2026, 4, 1),
      end: at(2026, 4, 6),
      length: 'week',
    });
    expect(seasonAt(weeks, at(2026, 4, 6))).toEqual({
      number: 5,
      start: at(2026, 4, 6),
      end: at(2026, 4, 13),
      length: 'week',
    });
    // A second choice before April replaces the first: quarters from April.
    const quarters = chooseLength(weeks, 'quarter', at(2026, 3, 20));
    expect(quarters).toHaveLength(2);
    expect(seasonAt(quarters, at(2026, 5, 1))).toEqual({
      number: 4,
      start: at(2026, 4, 1),
      end: at(2026, 7, 1),
      length: 'quarter',
    });
    // Choosing months again before April: nothing changes.
    expect(chooseLength(weeks, 'month', at(2026, 3, 20))).toEqual(months);
  });

  it('are found by number, past ones too', () => {
    const weeks = chooseLength(months, 'week', at(2026, 3, 10));
    expect(seasonNumbered(weeks, 2)).toEqual({
      number: 2,
      start: at(2026, 2, 1),
      end: at(2026, 3, 1),
      length: 'month',
    });
    expect(seasonNumbered(weeks, 5)?.start).toBe(at(2026, 4, 6));
    expect(seasonNumbered(weeks, 0)).toBeNull();
  });
});
