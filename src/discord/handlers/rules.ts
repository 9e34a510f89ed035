import { MessageFlags, type ModalSubmitFields, type ModalSubmitInteraction } from 'discord.js';
import { apply, type GameState } from '../../engine/index.ts';
import type { Options } from '../../rules/index.ts';
import { UserFacingError } from '../../table/errors.ts';
import type { TableRuntime } from '../../table/runtimes.ts';
import { ackIfSlow, memberOf, placeOf } from '../acks.ts';
import type { BotContext } from '../context.ts';
import { type ButtonId, parseButtonId } from '../custom-id.ts';
import { parseOptionValue } from '../option-text.ts';
import type { ButtonTarget } from '../views/buttons.ts';
import { type RulesPage, rulesMenu, rulesModal, rulesPages, SWITCHES, valueText } from '../views/rules-form.ts';
import type { ComponentHandler, ModalHandler } from './types.ts';

/**
 * The lobby's **Rules** button and the form behind it: the host opens a private menu of
 * the form's pages, each page opens a modal, and a submitted page changes the table's
 * options through the engine (`setOptions`), which checks them as `/guts start` does.
 */

function rulesId(customId: string): ButtonId | null {
  const id = parseButtonId(customId);
  return id?.action === 'rules' ? id : null;
}

interface Opened {
  rt: TableRuntime;
  state: GameState;
  target: ButtonTarget;
  page: RulesPage | null;
}

/** The table the press points at, once the engine agrees the presser may change its rules now. */
async function open(
  interaction: Parameters<typeof placeOf>[0] & Parameters<typeof memberOf>[0],
  id: ButtonId,
  ctx: BotContext,
): Promise<Opened> {
  const rt = await ctx.tables.pressTarget(Number(id.tableId), placeOf(interaction), id.dealNo, false);
  const state = rt.record.state as GameState;
  // A dry run with no change: refused for anyone but the host, and once a deal is dealt.
  apply(state, { type: 'setOptions', by: memberOf(interaction).id, options: {} });
  const page = id.arg === undefined ? null : (rulesPages(state.variant).find((p) => p.key === id.arg) ?? null);
  if (id.arg !== undefined && !page) throw new UserFacingError("That page of the rules isn't there any more.");
  return { rt, state, target: { tableId: rt.record.id, dealNo: id.dealNo }, page };
}

export const rulesButtonHandler: ComponentHandler<ButtonId> = {
  name: 'rules',
  parse: (interaction) => rulesId(interaction.customId),
  async run(interaction, id, ctx) {
    const { state, target, page } = await open(interaction, id, ctx);
    if (page) await interaction.showModal(rulesModal(target, state.variant, state.options, page));
    else await interaction.reply({ ...rulesMenu(target, state.variant, state.options), flags: MessageFlags.Ephemeral });
  },
};

/** What a submitted page changes: the fields whose value differs from the table's, as typed values. */
export function changesFrom(page: RulesPage, options: Options, fields: ModalSubmitFields): Record<string, unknown> {
  const current = options as unknown as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  for (const field of page.fields) {
    if (field.kind === 'switches') {
      const ticked = fields.getCheckboxGroup(SWITCHES);
      for (const spec of field.specs) {
        const on = ticked.includes(spec.name);
        if (on !== current[spec.name]) changes[spec.name] = on;
      }
      continue;
    }
    const { spec } = field;
    const was = valueText(spec, current[spec.name]);
    let text: string;
    if (spec.kind === 'choice') text = fields.getRadioGroup(spec.name) ?? was;
    else if (spec.kind === 'rank') text = fields.getStringSelectValues(spec.name)[0] ?? 'none';
    else text = fields.getTextInputValue(spec.name).trim();
    if (spec.kind === 'rank' && text === 'none') text = '';
    if (text === was) continue;
    changes[spec.name] = text === '' ? null : parseOptionValue(spec.name, text);
  }
  return changes;
}

function describeChanges(page: RulesPage, changes: Record<string, unknown>): string {
  const specs = page.fields.flatMap((f) => (f.kind === 'value' ? [f.spec] : f.specs));
  const parts = specs
    .filter((spec) => spec.name in changes)
    .map((spec) => `${spec.name} ${valueText(spec, changes[spec.name]) || 'none'}`);
  return parts.length ? `Changed: ${parts.join(' · ')}.` : 'Nothing changed.';
}

export const rulesFormHandler: ModalHandler<ButtonId> = {
  name: 'rules-form',
  parse: (interaction) => {
    const id = rulesId(interaction.customId);
    return id?.arg === undefined ? null : id;
  },
  async run(interaction, id, ctx) {
    const { rt, state, target, page } = await open(interaction, id, ctx);
    if (!page) return;
    const changes = changesFrom(page, state.options, interaction.fields);
    const said = describeChanges(page, changes);
    if (Object.keys(changes).length === 0) {
      await answer(interaction, false, rulesMenu(target, state.variant, state.options, said));
      return;
    }
    const me = memberOf(interaction);
    const work = ctx.tables.act(rt.record.id, interaction.id, { type: 'setOptions', by: me.id, options: changes }, me);
    try {
      const acked = await ackIfSlow(work, () =>
        interaction.isFromMessage()
          ? interaction.deferUpdate()
          : interaction.deferReply({ flags: MessageFlags.Ephemeral }),
      );
      const after = (await acked.work)?.after ?? state;
      await answer(interaction, acked.deferred, rulesMenu(target, after.variant, after.options, said));
    } finally {
      // A committed step is told to the channel even when answering failed.
      ctx.tables.publishWhenCommitted(work);
    }
  },
};

/** The menu the form was opened from, brought up to date (or a private line if it is gone). */
async function answer(
  interaction: ModalSubmitInteraction,
  deferred: boolean,
  view: ReturnType<typeof rulesMenu>,
): Promise<void> {
  if (deferred) await interaction.editReply(view);
  else if (interaction.isFromMessage()) await interaction.update(view);
  else await interaction.reply({ ...view, flags: MessageFlags.Ephemeral });
}
