import type { Party, Transfer } from '../../engine/index.ts';
import { formatNumber, SOURCE_LOCALE } from '../../i18n/index.ts';

/** Text helpers shared by every message the bot writes. */

/** An amount as the reader's language writes numbers ("1,234", "1.234", "1 234"). */
export const chips = (n: number, locale: string = SOURCE_LOCALE): string => formatNumber(locale, n);

export const signed = (n: number, locale: string = SOURCE_LOCALE): string =>
  n > 0 ? `+${chips(n, locale)}` : n < 0 ? `−${chips(-n, locale)}` : '0';

/** Discord renders this as a live relative time ("in 25 seconds"); the bot never edits per second. */
export const relativeTime = (epochMs: number): string => `<t:${Math.ceil(epochMs / 1000)}:R>`;

export type NameOf = (playerId: string) => string;

/** Escapes Discord markdown in user-chosen names. */
export const escapeName = (name: string): string => name.replace(/([\\*_~`|>#[\]()-])/g, '\\$1');

export const bold = (name: string): string => `**${escapeName(name)}**`;

function partyText(party: Party, nameOf: NameOf): string {
  if (party.kind === 'player') return bold(nameOf(party.id));
  return party.kind === 'pot' ? 'the pot' : 'the reserve';
}

const REASON_TEXT: Record<string, string> = {
  ante: 'ante',
  match: 'matches the pot',
  'drop-penalty': 'drop penalty',
  win: 'wins',
  refund: 'refund, deal void',
  wimp: 'wimp: best dropped hand pays',
};

/** "**Cat** pays 55 to the pot (matches the pot)" — transfers with the same ends and reason are summed. */
export function describeTransfers(transfers: readonly Transfer[], nameOf: NameOf): string[] {
  const merged = new Map<string, Transfer>();
  for (const t of transfers) {
    const key = `${JSON.stringify(t.from)}>${JSON.stringify(t.to)}:${t.reason}`;
    const seen = merged.get(key);
    if (seen) seen.amount += t.amount;
    else merged.set(key, { ...t });
  }
  return [...merged.values()].map((t) => {
    const reason = REASON_TEXT[t.reason] ?? t.reason.replace(/-/g, ' ');
    if (t.from.kind === 'pot' && t.to.kind === 'player') {
      return `${partyText(t.to, nameOf)} takes ${chips(t.amount)} from the pot${t.reason === 'win' ? '' : ` (${reason})`}`;
    }
    if (t.from.kind === 'pot' && t.to.kind === 'reserve') return `${chips(t.amount)} over the cap goes to the reserve`;
    if (t.from.kind === 'reserve' && t.to.kind === 'pot')
      return `${chips(t.amount)} comes into the pot from the reserve`;
    return `${partyText(t.from, nameOf)} pays ${chips(t.amount)} to ${partyText(t.to, nameOf)} (${reason})`;
  });
}

/** Keeps text within a Discord limit, ending with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Lines joined with newlines, as many as fit in `max` characters, then "…and N more":
 * a list of players is never cut in the middle of a name.
 */
export function clipLines(lines: readonly string[], max: number): string {
  let text = '';
  for (let i = 0; i < lines.length; i++) {
    const next = text ? `${text}\n${lines[i]}` : (lines[i] as string);
    const rest = lines.length - i - 1;
    const tail = rest > 0 ? `\n…and ${rest} more` : '';
    if (next.length + tail.length > max) return `${text}\n…and ${lines.length - i} more`.trimStart();
    text = next;
  }
  return text;
}
