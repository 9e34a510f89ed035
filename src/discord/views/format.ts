import type { Transfer } from '../../engine/index.ts';
import { SOURCE_LOCALE, t, textOf } from '../../i18n/index.ts';
import { chips, type NameOf, describeTransfers as paymentLines, seatName, signed } from '../../words/payments.ts';

export { chips, type NameOf, seatName, signed };

/** Text helpers shared by every message the bot writes. */

/** A variant's name as `locale` says it (a variant the catalogue does not know reads as its id). */
export const variantName = (id: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `variant.${id}.name`, id);

/** A variant's two-line summary as `locale` says it. */
export const variantSummary = (id: string, locale: string = SOURCE_LOCALE): string =>
  textOf(locale, `variant.${id}.summary`, '');

/** Discord renders this as a live relative time ("in 25 seconds"); the bot never edits per second. */
export const relativeTime = (epochMs: number): string => `<t:${Math.ceil(epochMs / 1000)}:R>`;

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

/** Payments in words (`words/payments.ts`), names in bold Markdown unless `mark` says otherwise. */
export function describeTransfers(
  transfers: readonly Transfer[],
  nameOf: NameOf,
  locale: string = SOURCE_LOCALE,
  mark: (name: string) => string = bold,
): string[] {
  return paymentLines(transfers, nameOf, locale, mark);
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
