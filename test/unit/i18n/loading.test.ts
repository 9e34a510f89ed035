import { describe, expect, it, vi } from 'vitest';

// A fresh i18n module: the unit layer shares modules between files (`isolate: false`), and
// another file may have loaded languages already.
vi.resetModules();
const { ensureLanguages, readsBeforeLoading, t, translations } = await import('../../../src/i18n/index.ts');

describe('catalogues loaded as their language is first needed', () => {
  it('reads English, counted, for a language not loaded yet, and the language once loaded', async () => {
    expect(t('de', 'button.stay')).toBe('Stay');
    expect(readsBeforeLoading().get('de')).toBe(1);
    await ensureLanguages('de', null, undefined, 'xx-YY', 'en-US');
    expect(t('de', 'button.stay')).not.toBe('Stay');
    expect(readsBeforeLoading().get('de')).toBe(1);
  });

  it('loads a language once, however many ask for it at the same time', async () => {
    await Promise.all([ensureLanguages('ja'), ensureLanguages('ja', 'fr')]);
    expect(t('ja', 'button.stay')).not.toBe('Stay');
    expect(t('fr', 'button.stay')).not.toBe('Stay');
    expect(readsBeforeLoading().has('ja')).toBe(false);
  });

  it("refuses the commands' localizations before every catalogue is loaded", () => {
    expect(() => translations('commands.guts.name')).toThrow(/loadAllLanguages/);
  });
});
