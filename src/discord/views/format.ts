import { COMPUTER_LEVELS, isComputerId, type Party, type Transfer } from '../../engine/index.ts';
import { formatNumber, SOURCE_LOCALE, t, textOf } from '../../i18n/index.ts';

/** Text helpers shared by every message the bot writes. */

/** An amount as the reader's language writes numbers ("1,234", "1.234", "1 234"). */
export const chips = (n: number, locale: string = SOURCE_LOCALE): string => formatNumber(locale, n);

export const signed = (n: number, locale: string = SOURCE_LOCALE): string =>
  n > 0 ? `+${chips(n, locale)}` : n < 0 ? `−${chips(-n, locale)}` : '0';

/** A variant's name as `locale` says it (a variant the catalogue does not know reads as its id). */
export const variantName = (id: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `variant.${id}.name`, id);

/** A variant's two-line summary as `locale` says it. */
export const variantSummary = (id: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `variant.${id}.summary`, '');

/** Discord renders this as a live relative time ("in 25 seconds"); the bot never edits per second. */
export const relativeTime = (epochMs: number): string => `<t:${Math.ceil(epochMs / 1000)}:R>`;

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

/**
 * Escapes the Discord markdown a name could start (emphasis, code, spoilers, links; a
 * heading, quote or list only at a line's start), so the name reads as Discord shows
 * it, and nothing more: "🤖 Ada (balanced)" keeps its brackets bare. Only for text
 * Discord renders as markdown (content, embed descriptions and field values), never
 * titles, footers or labels.
 */
export const escapeName = (name: string): string => name.replace(/[\\*_~`|[\]]/g, '\\$&').replace(/^[#>-]/, '\\$&');

export const bold = (name: string): string => `**${escapeName(name)}**`;

/**
 * Text a player typed (a phrase), shown as typed wherever Discord renders Markdown:
 * what `escapeName` escapes, and `<` and `@` too, so a mention, a channel, a timestamp
 * or an @everyone in it reads as the characters, not as what they would render.
 */
export const escapeText = (text: string): string => escapeName(text).replace(/[<@]/g, '\\$&');

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
  locale: string = SOURCE_LOCALE,
  mark: (name: string) => string = bold,
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

/** Keeps text within a Discord limit, ending with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Lines joined with newlines, as many as fit in `max` characters, then "…and N more":
 * a list of players is never cut in the middle of a name.
 */
export function clipLines(lines: readonly string[], max: number, locale: string = SOURCE_LOCALE): string {
  const more = (count: number) => `\n${t(locale, 'list.more', { count })}`;
  let text = '';
  for (let i = 0; i < lines.length; i++) {
    const next = text ? `${text}\n${lines[i]}` : (lines[i] as string);
    const rest = lines.length - i - 1;
    const tail = rest > 0 ? more(rest) : '';
    if (next.length + tail.length > max) return `${text}${more(lines.length - i)}`.trimStart();
    text = next;
  }
  return text;
}
