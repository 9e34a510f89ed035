import {
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIMessage,
  type APIStringSelectComponent,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { InvocationError } from './commands.ts';

interface Nested {
  type: number;
  components?: Nested[];
  accessory?: Nested;
}

/**
 * The interactive components of a message: those of its action rows, wherever they sit
 * (in a Components V2 container too), and buttons beside a section's text.
 */
export function interactiveComponents(message: Pick<APIMessage, 'components'>): APIComponentInMessageActionRow[] {
  const out: APIComponentInMessageActionRow[] = [];
  const walk = (list: readonly Nested[]) => {
    for (const c of list) {
      if (c.type === ComponentType.ActionRow) {
        out.push(...(c as unknown as APIActionRowComponent<APIComponentInMessageActionRow>).components);
      } else {
        walk(c.components ?? []);
        if (c.accessory?.type === ComponentType.Button) out.push(c.accessory as unknown as APIButtonComponent);
      }
    }
  };
  walk((message.components ?? []) as unknown as Nested[]);
  return out;
}

/** The custom id of the button a user can press, found by custom id or else by label. */
export function pressableButton(message: APIMessage, labelOrCustomId: string): string {
  const buttons = interactiveComponents(message).filter(
    (c): c is APIButtonComponent => c.type === ComponentType.Button,
  );
  const button =
    buttons.find((b) => 'custom_id' in b && b.custom_id === labelOrCustomId) ??
    buttons.find((b) => 'label' in b && b.label === labelOrCustomId);
  if (!button) throw new InvocationError(`no button "${labelOrCustomId}" on message ${message.id}`);
  if (button.disabled) throw new InvocationError(`button "${labelOrCustomId}" is disabled`);
  if (button.style === ButtonStyle.Link || button.style === ButtonStyle.Premium || !('custom_id' in button)) {
    throw new InvocationError(`button "${labelOrCustomId}" does not send an interaction`);
  }
  return button.custom_id;
}

/**
 * The string select a user picks from (by custom id or placeholder), after checking
 * `values` the way the client does: options that exist, between min and max of them.
 */
export function choosableSelect(message: APIMessage, customIdOrPlaceholder: string, values: string[]): string {
  const selects = interactiveComponents(message).filter(
    (c): c is APIStringSelectComponent => c.type === ComponentType.StringSelect,
  );
  const select =
    selects.find((s) => s.custom_id === customIdOrPlaceholder) ??
    selects.find((s) => s.placeholder === customIdOrPlaceholder);
  if (!select) throw new InvocationError(`no select menu "${customIdOrPlaceholder}" on message ${message.id}`);
  if (select.disabled) throw new InvocationError(`select menu "${customIdOrPlaceholder}" is disabled`);
  const unknown = values.filter((v) => !select.options.some((o) => o.value === v));
  if (unknown.length > 0)
    throw new InvocationError(`select menu "${customIdOrPlaceholder}" has no option ${unknown.join(', ')}`);
  const min = select.min_values ?? 1;
  const max = select.max_values ?? 1;
  if (values.length < min || values.length > max || new Set(values).size !== values.length) {
    throw new InvocationError(`select menu "${customIdOrPlaceholder}" takes ${min} to ${max} distinct values`);
  }
  return select.custom_id;
}
