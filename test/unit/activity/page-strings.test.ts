import { beforeAll, describe, expect, it } from 'vitest';
import { pageStrings } from '../../../src/activity/page-strings.ts';
import { ensureLanguages, t } from '../../../src/i18n/index.ts';

/** The page's words (page-strings.ts): the chat's catalogue texts, in the receiver's language, values left for the page. */

describe("the page's words", () => {
  beforeAll(() => ensureLanguages('fr', 'de'));

  it('are the catalogue texts in the receiver language, with their values left for the page to fill', () => {
    const en = pageStrings('en-US');
    expect(en['button.join']).toBe('Join');
    expect(en['button.takeMany']).toBe('Take {{count}}');
    expect(en['table.pot']).toContain('{{amount}}');
    const fr = pageStrings('fr');
    expect(fr['button.join']).toBe(t('fr', 'button.join'));
    expect(fr['button.join']).not.toBe(en['button.join']);
    expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
  });

  it('name the button a sentence names as the button reads, in each language', () => {
    for (const locale of ['en-US', 'fr', 'de']) {
      const words = pageStrings(locale);
      expect(words['activity.watching']).toContain(t(locale, 'button.join'));
      expect(words['activity.watching']).not.toContain('{{join}}');
    }
  });
});
