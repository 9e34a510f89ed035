import {
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
  type APIMessage,
  type APIStringSelectComponent,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { InvocationError } from './commands.ts';

/** A component as the walk below sees it: its type, its children, a section's accessory. */
export interface NestedComponent {
  type: number;
  components?: NestedComponent[];
  accessory?: NestedComponent;
  [field: string]: unknown;
}

/**
 * Every component of a message in reading order: each one, then its children, then a
 * section's accessory (`accessory: true`), as the client lays them out.
 */
export function* eachComponent(
  list: readonly unknown[] | undefined,
): Generator<{ component: NestedComponent; accessory: boolean }> {
  for (const component of (list ?? []) as NestedComponent[]) {
    yield { component, accessory: false };
    yield* eachComponent(component.components);
    if (component.accessory) {
      yield { component: component.accessory, accessory: true };
      yield* eachComponent(component.accessory.components);
    }
  }
}

const INTERACTIVE: readonly number[] = [
  ComponentType.Button,
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
];

/**
 * The interactive components of a message: those of its action rows, wherever they sit
 * (in a Components V2 container too), and buttons beside a section's text.
 */
export function interactiveComponents(message: Pick<APIMessage, 'components'>): APIComponentInMessageActionRow[] {
  return [...eachComponent(message.components)]
    .map(({ component }) => component)
    .filter((c) => INTERACTIVE.includes(c.type)) as unknown as APIComponentInMessageActionRow[];
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
