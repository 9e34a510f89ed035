import { t, textOf } from '../../i18n/index.ts';
import type { HistoryItem, Settlement } from '../../ledger/index.ts';
import { bold, chips, type NameOf, signed } from './format.ts';

/** One journal line of a player's history: when, how much, why, where (an entry without a channel: no where). */
export function historyLine(i: HistoryItem, locale: string): string {
  const vars = {
    when: `<t:${Math.floor(i.at / 1000)}:d>`,
    amount: signed(i.amount, locale),
    reason: textOf(locale, `ledger.reason_${i.reason}`, i.reason.replace(/-/g, ' ')),
    channel: `<#${i.channelId}>`,
  };
  const entry = t(locale, i.channelId ? 'ledger.entryIn' : 'ledger.entry', vars);
  return i.memo ? t(locale, 'ledger.memo', { entry, memo: i.memo }) : entry;
}

/**
 * `/ledger settle`'s lines: who pays whom, what the house (the computer players) is up or
 * down and where its chips are, and how people share what no person pays.
 */
export function settleLines(plan: Settlement, nameOf: NameOf, locale: string): string[] {
  const amount = (n: number) => t(locale, 'chips', { count: n });
  const who = (id: string) => bold(nameOf(id));
  const lines = plan.payments.map((p) =>
    t(locale, 'ledger.pays', { from: who(p.from), to: who(p.to), amount: chips(p.amount, locale) }),
  );
  if (plan.house !== 0) {
    // Chips the house put in a pot are nobody's winnings: only what people are up is.
    const inPots = -plan.house - plan.wonFromHouse;
    const context = plan.house > 0 ? 'won' : inPots === 0 ? 'lost' : plan.wonFromHouse === 0 ? 'inPots' : 'split';
    const split = { amount: amount(Math.abs(plan.house)), won: amount(plan.wonFromHouse), inPots: amount(inPots) };
    lines.push(t(locale, 'ledger.house', { ...split, context }));
  }
  if (plan.shares.size > 0) {
    const shares = [...plan.shares].map(([id, share]) => `${who(id)} ${chips(share, locale)}`).join(', ');
    const key = plan.gap > 0 ? 'ledger.sharedByWinners' : 'ledger.sharedByLosers';
    lines.push(t(locale, key, { amount: amount(Math.abs(plan.gap)), shares }));
  }
  return lines;
}
