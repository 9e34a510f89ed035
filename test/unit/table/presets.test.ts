import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../../src/db/index.ts';
import { changedOptions, parseOptions } from '../../../src/rules/index.ts';
import {
  deletePreset,
  listPresets,
  PRESETS_PER_SERVER,
  presetName,
  presetNamed,
  savePreset,
} from '../../../src/table/presets.ts';
import { backends } from '../../support/backends.ts';

describe.each(backends)('presets on $name', (backend) => {
  let o: OpenDatabase;
  beforeEach(async () => {
    o = await backend.fresh();
  });
  afterEach(async () => {
    await o.close();
  });

  const setup = (options: Record<string, unknown> = {}) => ({
    variant: 'iron-cross',
    options: parseOptions('iron-cross', options),
    by: 'ann',
  });

  it('keeps only the options that differ from the variant, and replaces a preset saved again', async () => {
    const saved = await savePreset(o.db, 'g1', '  Friday   Night ', setup({ cap: 50 }), 1);
    expect(saved).toEqual({ name: 'friday night', variant: 'iron-cross', options: { cap: 50 }, createdBy: 'ann' });
    await savePreset(o.db, 'g1', 'friday night', setup({ ante: 5 }), 2);
    expect((await presetNamed(o.db, 'g1', 'FRIDAY NIGHT')).options).toEqual({ ante: 5 });
    expect(await listPresets(o.db, 'g2')).toEqual([]);
    await expect(presetNamed(o.db, 'g2', 'friday night')).rejects.toThrow(/no preset called/);
  });

  it(`keeps at most ${PRESETS_PER_SERVER} a server, and lets only their author or an admin delete them`, async () => {
    for (let i = 0; i < PRESETS_PER_SERVER; i++) await savePreset(o.db, 'g1', `p${i}`, setup(), i);
    await expect(savePreset(o.db, 'g1', 'one more', setup(), 99)).rejects.toThrow(/delete one first/);
    await savePreset(o.db, 'g1', 'p3', setup({ cap: 9 }), 100); // replacing is fine
    await expect(deletePreset(o.db, 'g1', 'p3', { id: 'bob', admin: false })).rejects.toThrow(/Only whoever saved/);
    await deletePreset(o.db, 'g1', 'p3', { id: 'bob', admin: true });
    await deletePreset(o.db, 'g1', 'p4', { id: 'ann', admin: false });
    expect((await listPresets(o.db, 'g1')).map((p) => p.name)).not.toContain('p3');
    expect(await listPresets(o.db, 'g1')).toHaveLength(PRESETS_PER_SERVER - 2);
  });
});

describe('preset names and contents', () => {
  it('are normalised, and refused when they are not short plain words', () => {
    expect(presetName('Big  Pot_1')).toBe('big pot_1');
    for (const bad of ['', ' ', 'a/b', 'x'.repeat(33), '<@123>']) expect(() => presetName(bad)).toThrow(/1-32/);
  });

  it('keep nothing for a table played with its defaults', () => {
    expect(changedOptions('three-five-seven', parseOptions('three-five-seven', {}))).toEqual({});
  });
});
