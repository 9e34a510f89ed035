import type { APIEmbed } from 'discord.js';
import { howToPlay } from '../../rules/explain.ts';
import { defaultOptions, getVariant, listVariants } from '../../rules/index.ts';
import { GROUP_TITLES, optionHelpLine, optionsIn } from '../../rules/option-help.ts';
import { chips, clip, clipLines } from './format.ts';

/**
 * `/guts rules` and `/guts help`: how a variant is played, step by step, and every
 * table option in words. Their text comes from the rule book's data (src/rules), the
 * same that docs/RULES.md is generated from.
 */

const RULES_COLOUR = 0x1f6f8b;
/** Discord's limits: an embed's description, a field's value. */
const DESCRIPTION_MAX = 4096;
const FIELD_MAX = 1024;

const playable = () => listVariants().filter((v) => v.available);

/** One variant, step by step; or, without one, the list of variants. */
export function rulesEmbed(variantId: string | null): APIEmbed {
  if (!variantId) {
    return {
      color: RULES_COLOUR,
      title: 'Guts variants',
      description:
        'Everyone stays or drops; the best hand among those who stay wins the pot and every other stayer matches it. `/guts rules variant:<name>` explains one, step by step.',
      fields: playable().map((v) => ({ name: `${v.name} (\`${v.id}\`)`, value: v.summary })),
    };
  }
  const v = getVariant(variantId);
  const o = defaultOptions(v.id);
  const how = howToPlay(v, o);
  const steps = how.steps.map((line, i) => `${i + 1}. ${line}`);
  const fields = [
    { name: 'Players', value: `${v.minPlayers} to ${v.maxPlayers}`, inline: true },
    { name: 'Ante', value: chips(o.ante), inline: true },
    { name: 'Countdown', value: `${o.timer} s`, inline: true },
    { name: 'Money', value: clip(how.money.join('\n'), FIELD_MAX) },
  ];
  if (how.notes.length) fields.push({ name: 'Also', value: clip(how.notes.join('\n'), FIELD_MAX) });
  return {
    color: RULES_COLOUR,
    title: `${v.name}: how a deal goes`,
    description: clipLines([v.summary.replace('\n', ' '), '', ...steps], DESCRIPTION_MAX),
    fields,
    footer: { text: `Start it with /guts start variant:${v.id} · the host's Rules button changes the options` },
  };
}

const HOW_IT_GOES = [
  '**How a game goes**',
  '1. `/guts start variant:iron-cross` opens a table; players press **Join**. The host may press **Rules** to change the options.',
  '2. The host presses **Deal**. Your cards come to you privately, in one message kept up to date; **My cards** brings it back any time.',
  '3. Press **Stay** or **Drop** before the countdown ends. Choices stay hidden until the reveal; no choice means drop.',
  '4. The result is posted here: the best hand takes the pot, every other stayer matches it. The next deal starts by itself.',
  '',
  '**Commands**',
  '`/guts start` · `/guts stop` (host or Manage Server; the pot stays with the channel) · `/guts table` (the table again, at the bottom) · `/guts rules [variant]` · `/guts stats [player]` · `/guts leaderboard [period]` · `/guts preset save|list|delete` · `/ledger show|history|settle` (balances, pots, the fewest payments to square up).',
  '',
  "**Table options** (below): the host's **Rules** button sets them, or `/guts start options:` takes them as `name=value` pairs, e.g. `ties=no-split match=burn:5`.",
].join('\n');

/** `/guts help`: how a game goes, the commands, and every option explained, by group. */
export function helpView() {
  const embeds: APIEmbed[] = (['money', 'declaring', 'extras'] as const).map((group) => ({
    color: RULES_COLOUR,
    title: `Options: ${GROUP_TITLES[group].toLowerCase()}`,
    description: clipLines(optionsIn(group).map(optionHelpLine), DESCRIPTION_MAX),
  }));
  return { content: HOW_IT_GOES, embeds };
}
