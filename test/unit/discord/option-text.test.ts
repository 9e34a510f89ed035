import { describe, expect, it } from 'vitest';
import { parseOptionText } from '../../../src/discord/option-text.ts';
import { UserFacingError } from '../../../src/table/user-facing-error.ts';

describe('/guts start options text', () => {
  it('reads name=value pairs with typed values', () => {
    expect(
      parseOptionText(
        'ties=no-split losers=worst-only cap=100 odds=false legs=none match=burn:5, compulsoryFirst=true',
      ),
    ).toEqual({
      ties: 'no-split',
      losers: 'worst-only',
      cap: 100,
      odds: false,
      legs: null,
      match: { kind: 'burn', amount: 5 },
      compulsoryFirst: true,
    });
    expect(parseOptionText('match=percent:50')).toEqual({ match: { kind: 'percent', percent: 50 } });
    expect(parseOptionText('match=pot')).toEqual({ match: { kind: 'pot' } });
    expect(parseOptionText('   ')).toEqual({});
  });

  it.each(['ties', 'ties=', '=3', 'match=burn', 'match=jackpot:3', 'cap=1 cap=2'])('refuses %j', (text) => {
    expect(() => parseOptionText(text)).toThrow(UserFacingError);
  });
});
