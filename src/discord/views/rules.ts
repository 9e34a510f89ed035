import { ActionRowBuilder, type APIEmbed, StringSelectMenuBuilder, StringSelectMenuOptionBuilder } from 'discord.js';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { defaultOptions, getVariant, listVariants } from '../../rules/index.ts';
import type { OptionGroup } from '../../rules/option-specs.ts';
import { howToPlay } from '../../rules-text/explain.ts';
import { groupTitle, optionHelpLine, optionsIn } from '../../rules-text/option-help.ts';
import { chips, clip, clipLines, variantName, variantSummary } from './format.ts';

/**
 * `/guts rules` and `/guts help`: how a variant is played, step by step, and every
 * table option in words, in the reader's language. Their text comes from the rule
 * book's data (src/rules), the same that docs/RULES.md is generated from, said through
 * the message catalogue.
 */

const RULES_COLOUR = 0x1f6f8b;
/** Discord's limits: an embed's description, a field's value. */
const DESCRIPTION_MAX = 4096;
const FIELD_MAX = 1024;

const playable = () => listVariants().filter((v) => v.available);

/** One variant, step by step; or, without one, the list of variants. */
export function rulesEmbed(variantId: string | null, locale: string = SOURCE_LOCALE): APIEmbed {
  const say = (key: TextKey, vars?: Record<string, unknown>) => t(locale, key, vars);
  if (!variantId) {
    return {
      color: RULES_COLOUR,
      title: say('rules.listTitle'),
      description: say('rules.listIntro'),
      fields: playable().map((v) => ({
        name: `${variantName(v.id, locale)} (\`${v.id}\`)`,
        value: variantSummary(v.id, locale),
      })),
    };
  }
  const v = getVariant(variantId);
  const o = defaultOptions(v.id);
  const how = howToPlay(v, o, locale);
  const steps = how.steps.map((line, i) => `${i + 1}. ${line}`);
  const fields = [
    {
      name: say('rules.players'),
      value: say('rules.playersRange', { min: v.minPlayers, max: v.maxPlayers }),
      inline: true,
    },
    { name: say('rules.ante'), value: chips(o.ante, locale), inline: true },
    { name: say('rules.countdown'), value: say('rules.seconds', { seconds: o.timer }), inline: true },
    { name: say('rules.money'), value: clip(how.money.join('\n'), FIELD_MAX) },
  ];
  if (how.notes.length) fields.push({ name: say('rules.also'), value: clip(how.notes.join('\n'), FIELD_MAX) });
  return {
    color: RULES_COLOUR,
    title: say('rules.title', { variant: variantName(v.id, locale) }),
    description: clipLines([variantSummary(v.id, locale).replace('\n', ' '), '', ...steps], DESCRIPTION_MAX, locale),
    fields,
    footer: { text: say('rules.footer', { id: v.id }) },
  };
}

/** `/guts help`'s pages: how a game goes with the commands, then one per group of options. */
export type HelpPage = 'how' | OptionGroup;
export const HELP_PAGES: readonly HelpPage[] = ['how', 'money', 'declaring', 'extras'];
/** The custom id of `/guts help`'s page menu (handlers/help.ts). */
export const HELP_MENU_ID = 'help-page';

/**
 * `/guts help`: it opens on how a game goes and the commands, in one screen; a menu below
 * turns to a page of options explained, one group at a time, and back.
 */
export function helpView(locale: string = SOURCE_LOCALE, page: HelpPage = 'how') {
  const components = [helpMenu(locale, page).toJSON()];
  if (page === 'how') return { content: howAGameGoes(locale), embeds: [], components };
  const embed: APIEmbed = {
    color: RULES_COLOUR,
    title: optionsTitle(page, locale),
    description: clipLines(
      optionsIn(page).map((spec) => optionHelpLine(spec, locale)),
      DESCRIPTION_MAX,
      locale,
    ),
  };
  return { content: '', embeds: [embed], components };
}

function howAGameGoes(locale: string): string {
  const say = (key: TextKey) => t(locale, key);
  return [
    say('help.howTitle'),
    say('help.step1'),
    say('help.step2'),
    say('help.step3'),
    say('help.step4'),
    '',
    say('help.commandsTitle'),
    say('help.commands'),
    '',
    say('help.options'),
  ].join('\n');
}

const optionsTitle = (group: OptionGroup, locale: string) =>
  t(locale, 'help.optionsTitle', { group: groupTitle(group, locale).toLocaleLowerCase(locale) });

function helpMenu(locale: string, page: HelpPage) {
  // A menu's labels are plain text: the page title without its markdown.
  const label = (p: HelpPage) =>
    p === 'how' ? t(locale, 'help.howTitle').replace(/\*\*/g, '') : optionsTitle(p, locale);
  const menu = new StringSelectMenuBuilder()
    .setCustomId(HELP_MENU_ID)
    .setPlaceholder(t(locale, 'help.optionsMenu'))
    .addOptions(
      HELP_PAGES.map((p) =>
        new StringSelectMenuOptionBuilder()
          .setLabel(label(p))
          .setValue(p)
          .setDefault(p === page),
      ),
    );
  return new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(menu);
}
