import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * A key a catalogue lacks reads in English at run time (i18next's `fallbackLng`): a
 * translation behind the source is shown half in English, never as its keys. German is
 * loaded here without `button.stay`, through the bot's own loading.
 */
vi.doMock('node:fs/promises', async (original) => {
  const fs = await original<typeof import('node:fs/promises')>();
  const readFile = async (...args: Parameters<typeof fs.readFile>) => {
    const text = String(await fs.readFile(...args));
    if (!String(args[0]).endsWith('/locales/de.json')) return text;
    const catalogue = JSON.parse(text) as { button: Record<string, string> };
    delete catalogue.button.stay;
    return JSON.stringify(catalogue);
  };
  return { ...fs, readFile, default: { ...fs, readFile } };
});

// A fresh i18n module that reads through the mock, and the real one back afterwards: the
// unit layer shares modules between files (`isolate: false`).
vi.resetModules();
const { ensureLanguages, t } = await import('../../../src/i18n/index.ts');
afterAll(() => {
  vi.doUnmock('node:fs/promises');
  vi.resetModules();
});

describe('a key a catalogue lacks', () => {
  it('reads as the source says it, while the rest of the catalogue reads translated', async () => {
    await ensureLanguages('de');
    expect(t('de', 'button.stay')).toBe('Stay');
    expect(t('de', 'button.drop')).toBe('Aussteigen');
    expect(t('de', 'chips', { count: 2 })).toBe('2 Chips');
  });
});
