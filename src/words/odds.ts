import type { EquityResult } from '../hands/index.ts';
import { t } from '../i18n/index.ts';
import { keptFormat } from '../i18n/kept-format.ts';

/** Each language's percents, with the chances it said: odds come from a table of a few thousand hands, so they repeat. */
const percents = new Map<string, (x: number) => string>();
const SAID_MAX = 10_000;
/** "45%", "45 %": a chance as the reader's language writes it, in whole percents. */
export function percent(x: number, locale: string): string {
  let format = percents.get(locale);
  if (!format) {
    const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
    percents.set(locale, (format = keptFormat(percentFormat, SAID_MAX)));
  }
  return format(x);
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
