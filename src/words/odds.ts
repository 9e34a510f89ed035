import type { EquityResult } from '../hands/index.ts';
import { t } from '../i18n/index.ts';

const percents = new Map<string, Intl.NumberFormat>();
/** "45%", "45 %": a chance as the reader's language writes it, in whole percents. */
export function percent(x: number, locale: string): string {
  let f = percents.get(locale);
  if (!f) percents.set(locale, (f = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 })));
  return f.format(x);
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
