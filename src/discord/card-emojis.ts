import { type REST, Routes } from 'discord.js';
import type { Card } from '../cards/card.ts';
import type { Logger } from '../log.ts';
import { type BoardCell, cardEmojiName, cardEmojiSet, GAP_EMOJI } from '../render/index.ts';

/**
 * Cards as the application's own emojis (uploaded by `guts deploy-commands`): a hand,
 * a board or a showdown row becomes a line of `<:gc_As:id>` markup, a few hundred bytes
 * instead of a fresh PNG per message. The bot reads the emojis once at start-up; when
 * they are missing it keeps sending pictures.
 */
export class CardEmojis {
  constructor(private readonly ids: ReadonlyMap<string, string>) {}

  private markup(name: string): string {
    return `<:${name}:${this.ids.get(name) ?? ''}>`;
  }

  /** A card (null: its back), outlined when it is one of `highlight`. */
  card(card: Card | null, fourColour: boolean, highlight: ReadonlySet<Card> = new Set()): string {
    const highlighted = card !== null && highlight.has(card);
    return this.markup(cardEmojiName(card, { fourColour, highlighted }));
  }

  /** Cards in a row, with `faceDown` backs after them. */
  row(cards: readonly Card[], fourColour: boolean, highlight: readonly Card[] = [], faceDown = 0): string {
    const lit = new Set(highlight);
    const backs = Array<null>(faceDown).fill(null);
    return [...cards, ...backs].map((c) => this.card(c, fourColour, lit)).join('');
  }

  /** A board laid out on its grid, one line per row, blanks where a row has no position. */
  board(cells: readonly BoardCell[], fourColour: boolean, highlight: readonly Card[] = []): string {
    const lit = new Set(highlight);
    const cols = Math.max(...cells.map((c) => c.col)) + 1;
    const rows = Math.max(...cells.map((c) => c.row)) + 1;
    const lines: string[] = [];
    for (let r = 0; r < rows; r++) {
      const line = Array.from({ length: cols }, (_, col) => {
        const cell = cells.find((c) => c.row === r && c.col === col);
        return cell ? this.card(cell.card, fourColour, lit) : this.markup(GAP_EMOJI);
      });
      // Trailing blanks would only widen the line.
      while (line.at(-1) === this.markup(GAP_EMOJI)) line.pop();
      if (line.length) lines.push(line.join(''));
    }
    return lines.join('\n');
  }
}

/** A name → id map of the emojis, or null when any card emoji is missing (deploy-commands not run). */
export function cardEmojisFrom(emojis: readonly { id: string; name: string | null }[]): CardEmojis | null {
  const ids = new Map(emojis.map((e) => [e.name ?? '', e.id]));
  return cardEmojiSet().every((art) => ids.has(art.name)) ? new CardEmojis(ids) : null;
}

let active: CardEmojis | null = null;

/** The card emojis the bot found at start-up, or null: views then attach pictures. */
export const cardEmojis = (): CardEmojis | null => active;

/** Sets the emojis views use (tests, and the start-up read below). */
export function useCardEmojis(emojis: CardEmojis | null): void {
  active = emojis;
}

/**
 * Uploads the card emojis the application lacks (`guts deploy-commands`): it lists them
 * first and sends only the missing ones, so a re-run uploads nothing and none is doubled.
 * Returns how many were uploaded.
 */
export async function uploadCardEmojis(rest: REST, applicationId: string): Promise<number> {
  const route = Routes.applicationEmojis(applicationId);
  const { items } = (await rest.get(route)) as { items: { name: string | null }[] };
  const present = new Set(items.map((e) => e.name));
  const missing = cardEmojiSet().filter((art) => !present.has(art.name));
  for (const art of missing) {
    const image = `data:image/png;base64,${art.png().toString('base64')}`;
    await rest.post(route, { body: { name: art.name, image } });
  }
  return missing.length;
}

/** One GET of the application's emojis at start-up; a missing set is one warning, and pictures. */
export async function loadCardEmojis(rest: REST, applicationId: string, log: Logger): Promise<void> {
  const found = await rest
    .get(Routes.applicationEmojis(applicationId))
    .then((list) => (list as { items: { id: string; name: string | null }[] }).items)
    .catch((err: unknown) => {
      log.warn({ err }, 'could not read the application emojis');
      return null;
    });
  active = found ? cardEmojisFrom(found) : null;
  if (found && !active) log.warn('card emojis missing (run `guts deploy-commands`): cards are sent as pictures');
}
