import type { EquityResult } from '../hands/index.ts';
import { t } from '../i18n/index.ts';

const percents = new Map<string, { format: Intl.NumberFormat; said: Map<number, string> }>();
/** Chances said so far, per language: odds come from a table of a few thousand hands, so they repeat. */
const SAID_MAX = 10_000;
/** "45%", "45 %": a chance as the reader's language writes it, in whole percents. */
export function percent(x: number, locale: string): string {
  let known = percents.get(locale);
  if (!known) {
    const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percents.set(locale, (known = { format, said: new Map() }));
  }
  let text = known.said.get(x);
  if (text === undefined) {
    // Formatting is the costly part (ICU), a few microseconds each, several times a private message.
    text = known.format.format(x);
    if (known.said.size >= SAID_MAX) known.said.clear();
    known.said.set(x, text);
  }
  return text;
}

/**
 * A hand's odds as a player's private message says them, on both surfaces: against one
 * random hand, against all `opponents` where there are several, and whether estimated.
 */
export function oddsLine(odds: EquityResult, opponents: number, locale: string): string {
  const all =
    opponents > 1 && ` · ${t(locale, 'cards.oddsAll', { count: opponents, percent: percent(odds.beatAll, locale) })}`;
  const estimated = !odds.exact && ` ${t(locale, 'cards.estimated')}`;
  return `${t(locale, 'cards.oddsOne', { percent: percent(odds.beatOne, locale) })}${all || ''}${estimated || ''}`;
}
