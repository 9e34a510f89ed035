import {
  type APIMessage,
  type APIModalInteractionResponseCallbackData,
  type APIModalSubmission,
  type APIModalSubmissionComponent,
  type APIModalSubmitInteraction,
  type APIModalSubmitTextInputComponent,
  ComponentType,
  InteractionType,
  type ModalSubmitComponent,
} from 'discord-api-types/v10';
import { InvocationError } from './commands.ts';
import { type InteractionContext, interactionBase } from './interaction-payloads.ts';

/** What a user enters in one modal field: text, chosen values, one radio choice, or a checkbox. */
export type ModalValue = string | string[] | boolean | null;

interface LooseField {
  type?: number;
  id?: number;
  custom_id?: string;
  required?: boolean;
  min_length?: number;
  max_length?: number;
  min_values?: number;
  max_values?: number;
  value?: string;
  default?: boolean;
  options?: { value: string; default?: boolean }[];
  component?: LooseField;
  components?: LooseField[];
}

function fail(customId: string, why: string): never {
  throw new InvocationError(`modal field ${customId}: ${why}`);
}

function chosen(field: LooseField, customId: string, value: ModalValue): string[] {
  const values = value === undefined || value === null ? [] : Array.isArray(value) ? value : [String(value)];
  const offered = field.options?.map((o) => o.value);
  for (const v of values) if (offered && !offered.includes(v)) fail(customId, `${v} is not an option`);
  const min = field.min_values ?? (field.required === false ? 0 : 1);
  if (values.length < min || values.length > (field.max_values ?? values.length)) {
    fail(customId, `${values.length} values chosen`);
  }
  return values;
}

/** One field as Discord submits it, after the checks the Discord client makes before it lets the user submit. */
function submitted(field: LooseField, value: ModalValue): ModalSubmitComponent {
  const customId = field.custom_id ?? '';
  const base = { custom_id: customId, ...(field.id === undefined ? {} : { id: field.id }) };
  switch (field.type) {
    case ComponentType.TextInput: {
      const text = typeof value === 'string' ? value : '';
      if (field.required !== false && text === '') fail(customId, 'is required');
      if (text !== '' && (text.length < (field.min_length ?? 0) || text.length > (field.max_length ?? 4000))) {
        fail(customId, `length ${text.length} is out of bounds`);
      }
      return { ...base, type: ComponentType.TextInput, value: text };
    }
    case ComponentType.RadioGroup: {
      const [choice] = chosen({ ...field, max_values: 1 }, customId, value);
      return { ...base, type: ComponentType.RadioGroup, value: choice ?? null };
    }
    case ComponentType.Checkbox:
      return { ...base, type: ComponentType.Checkbox, value: value === true };
    case ComponentType.StringSelect:
    case ComponentType.CheckboxGroup:
      return { ...base, type: field.type, values: chosen(field, customId, value) };
    default:
      return fail(customId, `component type ${field.type} cannot be submitted here`);
  }
}

/** What the client submits for a field the user left alone: its prefilled text or default choices. */
function prefilled(field: LooseField): ModalValue {
  switch (field.type) {
    case ComponentType.TextInput:
      return field.value ?? '';
    case ComponentType.Checkbox:
      return field.default === true;
    case ComponentType.RadioGroup:
      return field.options?.find((o) => o.default)?.value ?? null;
    default:
      return (field.options ?? []).filter((o) => o.default).map((o) => o.value);
  }
}

/**
 * The `data` of the MODAL_SUBMIT interaction a user sends by filling `modal` with
 * `values` (keyed by custom id; a field left out keeps what the modal prefilled), in Discord's shape: labels (type 18) wrap their
 * submitted component, legacy action rows hold text inputs, text displays come back
 * bare. Unknown custom ids and values the client would refuse throw InvocationError.
 */
export function modalSubmission(
  modal: APIModalInteractionResponseCallbackData,
  values: Record<string, ModalValue>,
): APIModalSubmission {
  const used = new Set<string>();
  const take = (field: LooseField) => {
    const key = field.custom_id ?? '';
    used.add(key);
    return submitted(field, key in values ? (values[key] ?? null) : prefilled(field));
  };
  const components = (modal.components as LooseField[]).map((top): APIModalSubmissionComponent => {
    const id = top.id ?? 0;
    if (top.type === ComponentType.Label && top.component) {
      return { type: ComponentType.Label, id, component: take(top.component) };
    }
    if (top.type === ComponentType.ActionRow) {
      const inputs = (top.components ?? []).map((field) => take(field));
      return { type: ComponentType.ActionRow, id, components: inputs as APIModalSubmitTextInputComponent[] };
    }
    return { type: ComponentType.TextDisplay, id };
  });
  for (const key of Object.keys(values)) if (!used.has(key)) fail(key, 'is not in the modal');
  return { custom_id: modal.custom_id, components };
}

/** INTERACTION_CREATE for a submitted modal; `message` is the one whose component opened it, if any. */
export function modalSubmitInteraction(
  ctx: InteractionContext,
  data: APIModalSubmission,
  message: APIMessage | null,
): APIModalSubmitInteraction {
  return {
    ...interactionBase(ctx),
    type: InteractionType.ModalSubmit,
    ...(message ? { message } : {}),
    data,
  };
}
