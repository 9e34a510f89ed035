import {
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  ButtonStyle,
  ComponentType,
} from 'discord.js';
import { type ButtonAction, encodeButtonId } from '../custom-id.ts';

/**
 * A row of buttons as Discord's API takes it. Plain objects, not discord.js's builders:
 * a deal draws 60-70 buttons (each private message at every press), and a builder cost
 * 3.5 µs a button (its setters' validators, discord.js's snake-casing of its options)
 * against a fraction of one for the object; `tableButton` checks what those validators did.
 */
export type ButtonRow = APIActionRowComponent<APIButtonComponentWithCustomId>;

/** Discord's limits on a button's label and custom id (what the builders' validators checked). */
const LABEL_MAX = 80;
const CUSTOM_ID_MAX = 100;

export interface ButtonSpec {
  action: ButtonAction;
  label: string;
  /** The styles a button with a custom id takes (a link's and a purchase's carry none). */
  style?: APIButtonComponentWithCustomId['style'];
  disabled?: boolean;
  arg?: string;
}

/** Where a button points: the table, and its table-wide deal number (stale presses are told apart by it). */
export interface ButtonTarget {
  tableId: number;
  dealNo: number;
  /** The bot serves the table as an Activity (ACTIVITY_PORT): the lobby and table card offer Open table. */
  openTable?: boolean;
}

/** Open table, when the bot serves an Activity: pressing it opens the channel's table in Discord's Activity frame. */
export function openTableButtons(target: ButtonTarget, label: string): ButtonSpec[] {
  return target.openTable ? [{ action: 'open', label, style: ButtonStyle.Primary }] : [];
}

/** One button of a table and deal, pointing at `spec.action` (with its argument). */
export function tableButton({ tableId, dealNo }: ButtonTarget, spec: ButtonSpec): APIButtonComponentWithCustomId {
  const customId = encodeButtonId({
    tableId: String(tableId),
    dealNo,
    action: spec.action,
    ...(spec.arg !== undefined ? { arg: spec.arg } : {}),
  });
  const { label } = spec;
  if (label.length === 0 || label.length > LABEL_MAX)
    throw new RangeError(`a button's label is 1-${LABEL_MAX} characters`);
  if (customId.length > CUSTOM_ID_MAX)
    throw new RangeError(`a button's custom id is at most ${CUSTOM_ID_MAX} characters`);
  // In the order discord.js's builder wrote them: a request's body is the same, byte for byte.
  return {
    type: ComponentType.Button,
    custom_id: customId,
    label,
    style: spec.style ?? ButtonStyle.Secondary,
    disabled: spec.disabled ?? false,
  };
}

/** One row of buttons for a table and deal (at most 5, Discord's limit per row). */
export function buttonRow(target: ButtonTarget, specs: readonly ButtonSpec[]): ButtonRow {
  if (specs.length > 5) throw new RangeError('a row holds at most 5 buttons');
  return { type: ComponentType.ActionRow, components: specs.map((spec) => tableButton(target, spec)) };
}
