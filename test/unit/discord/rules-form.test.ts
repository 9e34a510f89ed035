import { checkModalComponents } from '@guts/local-discord/modal-components.ts';
import { describe, expect, it } from 'vitest';
import { rulesModal, rulesPages } from '../../../src/discord/views/rules-form.ts';
import { catalogues, TABLE_LANGUAGES } from '../../../src/i18n/index.ts';
import { defaultOptions, getVariant, listVariants, OPTION_SPECS, parseOptions } from '../../../src/rules/index.ts';

/** Every catalogue, each language loaded (the bot loads them one by one, as players need them). */
const CATALOGUES = await catalogues();

const target = { tableId: 7, dealNo: 0 };

describe('the rules form, built from the option table', () => {
  it.each(listVariants().map((v) => v.id))('%s: every option it plays with, once, in modals Discord accepts', (id) => {
    const variant = getVariant(id);
    const pages = rulesPages(id);
    const shown = pages.flatMap((p) =>
      p.fields.flatMap((f) =>
        f.kind === 'value' ? [f.spec.name] : f.kind === 'switches' ? f.specs.map((s) => s.name) : [],
      ),
    );
    expect(new Set(shown).size).toBe(shown.length);
    const playable = OPTION_SPECS.map((s) => s.name).filter((name) => !variant.inapplicable.includes(name));
    // Every option a table of this variant can change is on the form (allDrop only where it offers a choice).
    expect(playable.filter((name) => !shown.includes(name) && name !== 'allDrop')).toEqual([]);
    const options = parseOptions(id, {});
    for (const page of pages) {
      const modal = rulesModal(target, id, options, page);
      expect(modal.title.length).toBeLessThanOrEqual(45);
      expect(checkModalComponents(modal.components)).toEqual([]);
      expect(modal.components.length).toBeGreaterThan(0);
      expect(modal.components.length).toBeLessThanOrEqual(5);
    }
  });

  it.each(Object.keys(CATALOGUES))('%s: every page of every variant is a modal Discord accepts', (locale) => {
    for (const { id } of listVariants()) {
      const options = parseOptions(id, {});
      for (const page of rulesPages(id, locale)) {
        const modal = rulesModal(target, id, options, page, locale, locale);
        expect(modal.title.length, `${id} ${page.key}`).toBeLessThanOrEqual(45);
        expect(checkModalComponents(modal.components), `${id} ${page.key}`).toEqual([]);
      }
    }
  });

  it("ends with the table's language, each language by its own name, the table's picked", () => {
    const pages = rulesPages('three-card', 'de');
    const last = pages.at(-1);
    expect(last?.key).toBe('language');
    expect(last?.label).toBe('Sprache des Tisches');
    const json = JSON.stringify(
      rulesModal(target, 'three-card', parseOptions('three-card', {}), last as never, 'de', 'ja'),
    );
    expect(json).toContain('"value":"ja","label":"日本語","default":true');
    expect(json).toContain('"value":"pt-BR","label":"Português do Brasil"');
  });

  it('offers every table language once, in selects of at most 25 (as many as it takes), the table’s the one default', () => {
    const page = rulesPages('three-card', 'ko').at(-1) as never;
    const modal = rulesModal(target, 'three-card', parseOptions('three-card', {}), page, 'ko', 'uk');
    const selects = modal.components.map(
      (c) => (c as { component: { options: { value: string; default?: boolean }[] } }).component,
    );
    const offered = selects.flatMap((s) => s.options);
    for (const s of selects) expect(s.options.length).toBeLessThanOrEqual(25);
    expect(offered.map((o) => o.value).sort()).toEqual([...TABLE_LANGUAGES].sort());
    expect(offered.filter((o) => o.default).map((o) => o.value)).toEqual(['uk']);
  });

  it('fills each field with the table’s value and offers a variant only its own all-drop rules', () => {
    const options = { ...defaultOptions('four-two-two'), cap: 50, ties: 'no-split' as const };
    const pages = rulesPages('four-two-two');
    const json = JSON.stringify(pages.map((p) => rulesModal(target, 'four-two-two', options, p)));
    expect(json).toContain('"custom_id":"cap","style":1,"required":false,"max_length":20,"value":"50"');
    expect(json).toMatch(/"value":"no-split","label":"[^"]+","default":true/);
    expect(json).toContain('"value":"wimp-wild"');
    expect(
      JSON.stringify(pages.map((p) => rulesModal(target, 'three-card', defaultOptions('three-card'), p))),
    ).not.toContain('wimp-wild');
  });
});
