import type { APIEmbed } from 'discord.js';
import { SOURCE_LOCALE, type TextKey, t } from '../../i18n/index.ts';
import { defaultOptions, getVariant, listVariants } from '../../rules/index.ts';
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

/** `/guts help`: how a game goes, the commands, and every option explained, by group. */
export function helpView(locale: string = SOURCE_LOCALE) {
  const say = (key: TextKey) => t(locale, key);
  const content = [
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
  const embeds: APIEmbed[] = (['money', 'declaring', 'extras'] as const).map((group) => ({
    color: RULES_COLOUR,
    title: t(locale, 'help.optionsTitle', { group: groupTitle(group, locale).toLocaleLowerCase(locale) }),
    description: clipLines(
      optionsIn(group).map((spec) => optionHelpLine(spec, locale)),
      DESCRIPTION_MAX,
      locale,
    ),
  }));
  return { content, embeds };
}
