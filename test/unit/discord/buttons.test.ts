import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeButtonId } from '../../../src/discord/custom-id.ts';
import { type ButtonSpec, buttonRow } from '../../../src/discord/views/buttons.ts';

const STYLES = [ButtonStyle.Primary, ButtonStyle.Secondary, ButtonStyle.Success, ButtonStyle.Danger] as const;

/** The row as discord.js's builders made it before (and validated it on the way). */
function builtRow(target: { tableId: number; dealNo: number }, specs: readonly ButtonSpec[]) {
  const buttons = specs.map((spec) =>
    new ButtonBuilder()
      .setCustomId(
        encodeButtonId({
          tableId: String(target.tableId),
          dealNo: target.dealNo,
          action: spec.action,
          ...(spec.arg !== undefined ? { arg: spec.arg } : {}),
        }),
      )
      .setLabel(spec.label)
      .setStyle(spec.style ?? ButtonStyle.Secondary)
      .setDisabled(spec.disabled ?? false),
  );
  return new ActionRowBuilder<ButtonBuilder>().addComponents(buttons).toJSON();
}

describe('a row of table buttons', () => {
  it("is what discord.js's builders made of it, byte for byte", () => {
    const spec = fc.record(
      {
        action: fc.constantFrom('stay', 'drop', 'cards', 'join', 'leave', 'again', 'verify'),
        label: fc.string({ minLength: 1, maxLength: 80 }),
        style: fc.constantFrom(...STYLES),
        disabled: fc.boolean(),
      },
      { requiredKeys: ['action', 'label'] },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.array(spec, { maxLength: 5 }),
        (tableId, dealNo, specs) => {
          const target = { tableId, dealNo };
          expect(JSON.stringify(buttonRow(target, specs as ButtonSpec[]))).toBe(
            JSON.stringify(builtRow(target, specs as ButtonSpec[])),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses what Discord would: an empty or overlong label, more than five buttons', () => {
    const target = { tableId: 1, dealNo: 1 };
    expect(() => buttonRow(target, [{ action: 'stay', label: '' }])).toThrow(RangeError);
    expect(() => buttonRow(target, [{ action: 'stay', label: 'x'.repeat(81) }])).toThrow(RangeError);
    expect(buttonRow(target, [{ action: 'stay', label: 'x'.repeat(80) }]).components).toHaveLength(1);
    const six = Array.from({ length: 6 }, () => ({ action: 'stay' as const, label: 'Stay' }));
    expect(() => buttonRow(target, six)).toThrow(RangeError);
  });
});
