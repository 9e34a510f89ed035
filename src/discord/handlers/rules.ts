import { MessageFlags, type ModalSubmitFields } from 'discord.js';
import type { GameState } from '../../engine/index.ts';
import { languageName, SOURCE_LOCALE, TABLE_LANGUAGES, t } from '../../i18n/index.ts';
import type { OptionSpec, Options } from '../../rules/index.ts';
import { valueWords } from '../../rules-text/option-help.ts';
import { gameOf } from '../../table/game-record.ts';
import { checkOptions, optionsTarget } from '../../table/presses.ts';
import type { HeldTable } from '../../table/tables.ts';
import { UserFacingError } from '../../table/user-facing-error.ts';
import type { BotContext } from '../context.ts';
import { type ButtonId, parseButtonId } from '../custom-id.ts';
import { isUserFacing, refusalText } from '../error-boundary.ts';
import { memberOf, placeOf } from '../interaction-place.ts';
import { parseOptionValue } from '../option-text.ts';
import type { ButtonTarget } from '../views/buttons.ts';
import {
  LANGUAGE,
  MATCH_AMOUNT,
  optionLabel,
  type RulesPage,
  rulesMenu,
  rulesModal,
  rulesPages,
  SWITCHES,
  valueText,
} from '../views/rules-form.ts';
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
  rt: HeldTable;
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
  const target = { tableId: Number(id.tableId), dealNo: id.dealNo };
  const rt = await optionsTarget(ctx.tables, target, placeOf(interaction), memberOf(interaction));
  const state = gameOf(rt.record);
  const pages = rulesPages(state.variant, interaction.locale);
  const page = id.arg === undefined ? null : (pages.find((p) => p.key === id.arg) ?? null);
  if (id.arg !== undefined && !page) throw new UserFacingError('refusal.rulesPageGone');
  return { rt, state, target: { tableId: rt.record.id, dealNo: id.dealNo }, page };
}

export const rulesButtonHandler: ComponentHandler<ButtonId> = {
  name: 'rules',
  parse: (interaction) => rulesId(interaction.customId),
  async run(interaction, id, ctx) {
    const { rt, state, target, page } = await open(interaction, id, ctx);
    // The form is the host's own: in their language; the language menu shows the table's.
    const locale = interaction.locale;
    if (page) {
      await interaction.showModal(rulesModal(target, state.variant, state.options, page, locale, rt.notes.locale));
    } else {
      await interaction.reply({
        ...rulesMenu(target, state.variant, state.options, locale),
        flags: MessageFlags.Ephemeral,
      });
    }
    return undefined;
  },
};

/** What a submitted page asks for: the fields whose value differs from the table's, and those that do not read. */
export interface PageSubmission {
  changes: Record<string, unknown>;
  /** One line per refused field, naming it: the rest still apply. */
  refused: string[];
  /** The table language picked, when the page holds it. */
  language?: string;
}

/** The text a field was submitted with, in the typed form's syntax (`50`, `burn:5`, `none`). */
function submittedText(spec: OptionSpec, was: string, fields: ModalSubmitFields): string {
  if (spec.kind === 'choice') return fields.getRadioGroup(spec.name) ?? was;
  if (spec.kind === 'rank') {
    const rank = fields.getStringSelectValues(spec.name)[0] ?? 'none';
    return rank === 'none' ? '' : rank;
  }
  if (spec.kind === 'match') {
    const kind = fields.getRadioGroup(spec.name) ?? 'pot';
    return kind === 'pot' ? 'pot' : `${kind}:${fields.getTextInputValue(MATCH_AMOUNT).trim()}`;
  }
  return fields.getTextInputValue(spec.name).trim();
}

export function changesFrom(
  page: RulesPage,
  options: Options,
  fields: ModalSubmitFields,
  locale: string = SOURCE_LOCALE,
  tableLocale: string = SOURCE_LOCALE,
): PageSubmission {
  const current = options as unknown as Record<string, unknown>;
  const changes: Record<string, unknown> = {};
  const refused: string[] = [];
  let language: string | undefined;
  for (const field of page.fields) {
    if (field.kind === 'language') {
      // The languages may span several selects: the one picked is the one that is not the table's now.
      const picked = [...fields.fields.keys()]
        .filter((id) => id === LANGUAGE || id.startsWith(`${LANGUAGE}-`))
        .flatMap((id) => fields.getStringSelectValues(id))
        .filter((lng) => TABLE_LANGUAGES.includes(lng));
      language = picked.find((lng) => lng !== tableLocale) ?? picked[0];
      continue;
    }
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
    const text = submittedText(spec, was, fields);
    if (text === was) continue;
    try {
      changes[spec.name] = text === '' ? null : parseOptionValue(spec.name, text);
    } catch (err) {
      if (!isUserFacing(err)) throw err;
      refused.push(
        t(locale, 'form.refusedField', { title: optionLabel(spec.name, locale), reason: refusalText(err, locale) }),
      );
    }
  }
  return { changes, refused, ...(language ? { language } : {}) };
}

function describeChanges(
  page: RulesPage,
  { changes, refused, language }: PageSubmission,
  languageChanged: boolean,
  locale: string,
): string {
  const specs = page.fields.flatMap((f) => (f.kind === 'value' ? [f.spec] : f.kind === 'switches' ? f.specs : []));
  const parts = specs
    .filter((spec) => spec.name in changes)
    .map((spec) =>
      t(locale, 'form.change', {
        title: optionLabel(spec.name, locale),
        value: valueWords(spec, changes[spec.name], locale),
      }),
    );
  if (language && languageChanged) {
    parts.push(t(locale, 'form.change', { title: t(locale, 'form.languageLabel'), value: languageName(language) }));
  }
  const lines = [
    parts.length ? t(locale, 'form.changed', { changes: parts.join(' · ') }) : t(locale, 'form.nothingChanged'),
  ];
  if (refused.length) lines.push(t(locale, 'form.notChanged', { refused: refused.join(' ') }));
  return lines.join('\n');
}

export const rulesFormHandler: ModalHandler<ButtonId> = {
  name: 'rules-form',
  parse: (interaction) => {
    const id = rulesId(interaction.customId);
    return id?.arg === undefined ? null : id;
  },
  async run(interaction, id, ctx) {
    const { rt, state, target, page } = await open(interaction, id, ctx);
    if (!page) return undefined;
    const locale = interaction.locale;
    const me = memberOf(interaction);
    const submitted = changesFrom(page, state.options, interaction.fields, locale, rt.notes.locale);
    // The changes the rule book accepts, one at a time: a value it refuses is named and left out.
    const { press, refused, changes } = checkOptions(rt, me, submitted.changes);
    const submission = {
      ...submitted,
      changes,
      refused: [
        ...submitted.refused,
        ...refused.map(({ name, err }) =>
          t(locale, 'form.refusedField', { title: optionLabel(name, locale), reason: refusalText(err, locale) }),
        ),
      ],
    };
    const language = submission.language !== rt.notes.locale ? submission.language : undefined;
    const said = describeChanges(page, submission, language !== undefined, locale);
    return {
      kind: 'form',
      ...press,
      ...(language ? { language } : {}),
      view: (result) => {
        const after = result?.after ?? state;
        return rulesMenu(target, after.variant, after.options, locale, said);
      },
    };
  },
};
