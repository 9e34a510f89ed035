import { COMPUTER_LEVELS, isComputerId, type Party, type Transfer } from '../engine/index.ts';
import { formatNumber, SOURCE_LOCALE, t } from '../i18n/index.ts';

/**
 * What both surfaces say of a game (the chat's views and the Activity's frames): amounts,
 * seats' names, payments. Plain text: each surface marks names its own way (`mark`).
 */

/** An amount as the reader's language writes numbers ("1,234", "1.234", "1 234"). */
export const chips = (n: number, locale: string = SOURCE_LOCALE): string => formatNumber(locale, n);

export const signed = (n: number, locale: string = SOURCE_LOCALE): string =>
  n > 0 ? `+${chips(n, locale)}` : n < 0 ? `−${chips(-n, locale)}` : '0';

export type NameOf = (playerId: string) => string;

/**
 * A seat's name as `locale` shows it. A computer player is named with its level in
 * English where the game stores it ("🤖 Ada (balanced)", its identity in the ledger and
 * the stats): its level is said in the reader's language ("🤖 Ada (ausgewogen)").
 */
export function seatName(playerId: string, name: string, locale: string): string {
  if (!isComputerId(playerId)) return name;
  const level = COMPUTER_LEVELS.find((l) => name.endsWith(` (${l})`));
  if (!level) return name;
  return `${name.slice(0, -` (${level})`.length)} (${t(locale, `computerLevel.${level}`)})`;
}

function partyText(party: Party, nameOf: NameOf, locale: string, mark: (name: string) => string): string {
  if (party.kind === 'player') return mark(nameOf(party.id));
  return t(locale, party.kind === 'pot' ? 'pay.thePot' : 'pay.theReserve');
}

/**
 * "**Cat** pays 55 to the pot (matches the pot)" — transfers with the same ends and reason are summed.
 * `mark` sets a player's name in the line: bold Markdown for Discord, as it is for the Activity's page.
 */
export function describeTransfers(
  transfers: readonly Transfer[],
  nameOf: NameOf,
  locale: string,
  mark: (name: string) => string,
): string[] {
  const merged = new Map<string, Transfer>();
  for (const tr of transfers) {
    const key = `${JSON.stringify(tr.from)}>${JSON.stringify(tr.to)}:${tr.reason}`;
    const seen = merged.get(key);
    if (seen) seen.amount += tr.amount;
    else merged.set(key, { ...tr });
  }
  return [...merged.values()].map((tr) => {
    // A reason the catalogue does not name reads as the engine wrote it.
    const reason = t(locale, 'pay.reason', { context: tr.reason, defaultValue: tr.reason.replace(/-/g, ' ') });
    const amount = chips(tr.amount, locale);
    if (tr.from.kind === 'pot' && tr.to.kind === 'player') {
      const who = partyText(tr.to, nameOf, locale, mark);
      return tr.reason === 'win'
        ? t(locale, 'pay.takes', { who, amount })
        : t(locale, 'pay.takesFor', { who, amount, reason });
    }
    if (tr.from.kind === 'pot' && tr.to.kind === 'reserve') return t(locale, 'pay.overflow', { amount });
    if (tr.from.kind === 'reserve' && tr.to.kind === 'pot') return t(locale, 'pay.refill', { amount });
    const from = partyText(tr.from, nameOf, locale, mark);
    const key = tr.to.kind === 'pot' ? 'pay.paysPot' : tr.to.kind === 'reserve' ? 'pay.paysReserve' : 'pay.paysPlayer';
    return t(locale, key, { from, amount, reason, to: partyText(tr.to, nameOf, locale, mark) });
  });
}
