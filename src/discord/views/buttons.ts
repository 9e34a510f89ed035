import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { type ButtonAction, encodeButtonId } from '../custom-id.ts';

export type ButtonRow = ActionRowBuilder<ButtonBuilder>;

export interface ButtonSpec {
  action: ButtonAction;
  label: string;
  style?: ButtonStyle;
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
export function tableButton({ tableId, dealNo }: ButtonTarget, spec: ButtonSpec): ButtonBuilder {
  return new ButtonBuilder()
    .setCustomId(
      encodeButtonId({
        tableId: String(tableId),
        dealNo,
        action: spec.action,
        ...(spec.arg !== undefined ? { arg: spec.arg } : {}),
      }),
    )
    .setLabel(spec.label)
    .setStyle(spec.style ?? ButtonStyle.Secondary)
    .setDisabled(spec.disabled ?? false);
}

/** One row of buttons for a table and deal (at most 5, Discord's limit per row). */
export function buttonRow(target: ButtonTarget, specs: readonly ButtonSpec[]): ButtonRow {
  if (specs.length > 5) throw new RangeError('a row holds at most 5 buttons');
  return new ActionRowBuilder<ButtonBuilder>().addComponents(specs.map((spec) => tableButton(target, spec)));
}
