import { ComponentType } from 'discord-api-types/v10';
import type { FieldError } from './errors.ts';
import type { Path } from './limits.ts';

/**
 * Discord's rules for what a modal (interaction response type 9) holds: at most 5
 * top-level components, each a label (type 18) wrapping one input, a text display, or a
 * legacy action row with one text input. A label's text is 1-45 characters and its
 * description at most 100; radio groups offer 2-10 options, checkbox groups 1-10,
 * string selects 1-25; at most one option is a radio group's default; a text input
 * inside a label has no label of its own, and its prefilled value fits its bounds.
 */
export const modalLimits = {
  components: 5,
  label: 45,
  description: 100,
  optionText: 100,
  radioOptions: [2, 10],
  checkboxOptions: [1, 10],
  selectOptions: [1, 25],
  textLength: 4000,
} as const;

interface LooseInput {
  type?: unknown;
  custom_id?: unknown;
  label?: unknown;
  value?: unknown;
  min_length?: unknown;
  max_length?: unknown;
  min_values?: unknown;
  max_values?: unknown;
  options?: { value?: unknown; label?: unknown; description?: unknown; default?: unknown }[];
}

interface LooseTop {
  type?: unknown;
  label?: unknown;
  description?: unknown;
  component?: LooseInput;
  components?: LooseInput[];
}

const inLabel: readonly number[] = [
  ComponentType.TextInput,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
  ComponentType.FileUpload,
  ComponentType.RadioGroup,
  ComponentType.CheckboxGroup,
  ComponentType.Checkbox,
];

function text(out: FieldError[], path: Path, value: unknown, min: number, max: number): void {
  if (typeof value !== 'string' || value.length < min || value.length > max) {
    out.push({ path, code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between ${min} and ${max} in length.` });
  }
}

function options(out: FieldError[], path: Path, input: LooseInput, [min, max]: readonly [number, number]): void {
  const list = Array.isArray(input.options) ? input.options : [];
  if (list.length < min || list.length > max) {
    out.push({
      path: [...path, 'options'],
      code: 'BASE_TYPE_BAD_LENGTH',
      message: `Must be between ${min} and ${max} in length.`,
    });
  }
  const values = new Set<unknown>();
  list.forEach((option, i) => {
    text(out, [...path, 'options', i, 'value'], option.value, 1, modalLimits.optionText);
    text(out, [...path, 'options', i, 'label'], option.label, 1, modalLimits.optionText);
    if (option.description !== undefined) {
      text(out, [...path, 'options', i, 'description'], option.description, 0, modalLimits.optionText);
    }
    if (values.has(option.value)) {
      out.push({ path: [...path, 'options', i, 'value'], code: 'COMPONENT_DUPLICATE_VALUE', message: 'Duplicate.' });
    }
    values.add(option.value);
  });
  if (input.type === ComponentType.RadioGroup && list.filter((o) => o.default === true).length > 1) {
    out.push({ path: [...path, 'options'], code: 'COMPONENT_INVALID', message: 'At most one option is the default.' });
  }
  const maxValues = typeof input.max_values === 'number' ? input.max_values : list.length;
  const minValues = typeof input.min_values === 'number' ? input.min_values : 1;
  if (minValues < 0 || minValues > maxValues || maxValues > list.length) {
    out.push({ path: [...path, 'min_values'], code: 'COMPONENT_INVALID', message: 'Bad min_values or max_values.' });
  }
}

function input(out: FieldError[], path: Path, field: LooseInput, labelled: boolean): void {
  text(out, [...path, 'custom_id'], field.custom_id, 1, 100);
  switch (field.type) {
    case ComponentType.TextInput: {
      if (labelled && field.label !== undefined) {
        out.push({
          path: [...path, 'label'],
          code: 'COMPONENT_INVALID',
          message: 'A text input in a label has no label.',
        });
      }
      const max = typeof field.max_length === 'number' ? field.max_length : modalLimits.textLength;
      if (typeof field.value === 'string' && field.value.length > max) {
        out.push({
          path: [...path, 'value'],
          code: 'BASE_TYPE_MAX_LENGTH',
          message: `Must be ${max} or fewer in length.`,
        });
      }
      return;
    }
    case ComponentType.RadioGroup:
      options(out, path, field, modalLimits.radioOptions);
      return;
    case ComponentType.CheckboxGroup:
      options(out, path, field, modalLimits.checkboxOptions);
      return;
    case ComponentType.StringSelect:
      options(out, path, field, modalLimits.selectOptions);
      return;
    default:
      return;
  }
}

/** The errors Discord answers 50035 with for a modal's components (empty: accepted). */
export function checkModalComponents(components: unknown): FieldError[] {
  const out: FieldError[] = [];
  if (!Array.isArray(components)) return out;
  (components as LooseTop[]).forEach((top, i) => {
    const path: Path = ['data', 'components', i];
    if (top.type === ComponentType.Label) {
      text(out, [...path, 'label'], top.label, 1, modalLimits.label);
      if (top.description !== undefined)
        text(out, [...path, 'description'], top.description, 0, modalLimits.description);
      const field = top.component;
      if (!field || !inLabel.includes(field.type as number)) {
        out.push({
          path: [...path, 'component'],
          code: 'COMPONENT_INVALID',
          message: 'Not a component a label holds.',
        });
      } else input(out, [...path, 'component'], field, true);
    } else if (top.type === ComponentType.ActionRow) {
      const fields = Array.isArray(top.components) ? top.components : [];
      if (fields.length !== 1 || fields[0]?.type !== ComponentType.TextInput) {
        out.push({ path, code: 'COMPONENT_INVALID', message: 'A modal action row holds one text input.' });
      } else input(out, [...path, 'components', 0], fields[0], false);
    } else if (top.type !== ComponentType.TextDisplay) {
      out.push({ path: [...path, 'type'], code: 'COMPONENT_INVALID', message: 'Not a modal component.' });
    }
  });
  return out;
}
