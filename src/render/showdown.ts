import type { Card } from '../cards/card.ts';
import { type CanvasModule, type Context, FONT_BOLD, FONT_REGULAR } from './canvas.ts';
import { type CardGeometry, cardGeometry, drawCard } from './card-art.ts';
import type { PlacedCard } from './hand.ts';
import { assertCards, fitText, renderPicture } from './picture.ts';
import { fillCrown } from './shapes.ts';
import { showdownText } from './text.ts';
import { CARD_GAP, COLOURS, LIFT, PADDING } from './theme.ts';
import type { Picture, RenderOptions, ShowdownRow } from './types.ts';

export const SHOWDOWN_CARD_WIDTH = 64;
/** Beyond eight players the rows flow into columns, up to three; more players read the text form. */
const ROWS_PER_COLUMN = 8;
const MAX_ROWS = 3 * ROWS_PER_COLUMN;
const COLUMN_GAP = 2 * PADDING;
const MAX_ROW_CARDS = 14;
const ROW_PAD = 10;
const ROW_GAP = 6;
const HEADER = 24;
const NAME_PX = 18;
const DESCRIPTION_PX = 15;
const CROWN = 22;
/** Room for a readable description even under a short hand. */
const MIN_TEXT_WIDTH = 340;
/** Board cards the hand uses sit after the player's own, this far apart. */
const EXTRAS_GAP = 24;

export interface ShowdownRowLayout {
  left: number;
  top: number;
  /** Width of the row's column, cards and text. */
  width: number;
  height: number;
  /** Baseline-middle of the name line. */
  headerY: number;
  row: ShowdownRow;
  cards: PlacedCard[];
  /** Where the "+" between the player's cards and the board cards they use goes, if any. */
  plus: { x: number; y: number } | null;
}

export interface ShowdownLayout {
  width: number;
  height: number;
  geometry: CardGeometry;
  rows: ShowdownRowLayout[];
}

type PlacedRow = Omit<ShowdownRowLayout, 'width'>;

function placeRow(row: ShowdownRow, left: number, top: number, g: CardGeometry, fourColour: boolean): PlacedRow {
  assertCards(row.cards);
  assertCards(row.used);
  const used = new Set(row.used);
  // Used cards that are not the player's own (a layout line's board cards) follow the hand.
  const extras = row.folded ? [] : row.used.filter((c) => !row.cards.includes(c));
  if (row.cards.length + extras.length > MAX_ROW_CARDS) throw new RangeError(`too many cards for ${row.name}`);
  // When the hand is exactly the player's cards, marking them all would say nothing.
  const marks = !row.folded && row.used.length > 0 && (extras.length > 0 || row.cards.some((c) => !used.has(c)));
  const lift = marks ? LIFT : 0;
  const cardsTop = top + ROW_PAD + HEADER + 6;
  const place = (card: Card, x: number): PlacedCard => {
    const highlighted = marks && used.has(card);
    return {
      x,
      y: cardsTop + (highlighted ? 0 : lift),
      look: { card, fourColour, highlighted, dimmed: row.folded ?? false },
    };
  };
  const step = g.width + CARD_GAP;
  const own = row.cards.map((card, i) => place(card, left + i * step));
  const extrasLeft = left + row.cards.length * step - CARD_GAP + EXTRAS_GAP;
  const board = extras.map((card, i) => place(card, extrasLeft + i * step));
  const hasCards = own.length + board.length > 0;
  return {
    left,
    top,
    height: ROW_PAD * 2 + HEADER + (hasCards ? 6 + lift + g.height : 0),
    headerY: top + ROW_PAD + HEADER / 2,
    row,
    cards: [...own, ...board],
    plus: board.length > 0 ? { x: extrasLeft - EXTRAS_GAP / 2, y: cardsTop + lift + g.height / 2 } : null,
  };
}

/** One band per player, in the order given: name and hand description, then the cards, used ones raised. */
export function showdownLayout(rows: readonly ShowdownRow[], opts: RenderOptions = {}): ShowdownLayout {
  if (rows.length === 0 || rows.length > MAX_ROWS) throw new RangeError(`cannot draw ${rows.length} showdown rows`);
  const g = cardGeometry(SHOWDOWN_CARD_WIDTH);
  const columns = Math.ceil(rows.length / ROWS_PER_COLUMN);
  const perColumn = Math.ceil(rows.length / columns);
  const placed: ShowdownRowLayout[] = [];
  let left = PADDING;
  let height = 0;
  for (let col = 0; col < columns; col++) {
    let top = PADDING - ROW_PAD / 2;
    const column = rows.slice(col * perColumn, (col + 1) * perColumn).map((row) => {
      const r = placeRow(row, left, top, g, opts.fourColour ?? false);
      top += r.height + ROW_GAP;
      return r;
    });
    const width = Math.max(MIN_TEXT_WIDTH, ...column.flatMap((r) => r.cards.map((c) => c.x + g.width - left)));
    placed.push(...column.map((r) => ({ ...r, width })));
    left += width + COLUMN_GAP;
    height = Math.max(height, top - ROW_GAP + PADDING - ROW_PAD / 2);
  }
  return { width: left - COLUMN_GAP + PADDING, height, geometry: g, rows: placed };
}

function paintHeader(ctx: Context, canvas: CanvasModule, r: ShowdownRowLayout): void {
  const { row, headerY } = r;
  let x = r.left;
  if (row.winner) {
    ctx.fillStyle = COLOURS.highlight;
    fillCrown(ctx, canvas, x + CROWN / 2, headerY - 1, CROWN);
    x += CROWN + 8;
  }
  const right = r.left + r.width;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = `${NAME_PX}px ${FONT_BOLD}`;
  ctx.fillStyle = row.winner ? COLOURS.highlight : row.folded ? COLOURS.mutedText : COLOURS.text;
  x += fitText(ctx, row.name, x, headerY, (right - x) * 0.55) + 10;
  const description = row.folded ? 'folded' : row.description;
  if (!description) return;
  ctx.font = `${DESCRIPTION_PX}px ${FONT_REGULAR}`;
  ctx.fillStyle = row.folded ? COLOURS.mutedText : COLOURS.text;
  fitText(ctx, description, x, headerY + 1, right - x);
}

/** Everybody's hand at the showdown, the winner crowned; null = use `showdownText`. */
export function renderShowdown(rows: readonly ShowdownRow[], opts: RenderOptions = {}): Picture | null {
  const key = `showdown:${JSON.stringify([
    rows.map((r) => [r.name, r.cards, r.used, r.description, r.winner, r.folded ?? false]),
    opts.fourColour ?? false,
  ])}`;
  return renderPicture(
    key,
    'showdown.png',
    () => `Showdown. ${showdownText(rows).replaceAll('\n', '. ')}`,
    () => {
      const layout = showdownLayout(rows, opts);
      return {
        width: layout.width,
        height: layout.height,
        paint: (ctx, canvas) => {
          for (const r of layout.rows) {
            if (r.row.winner) {
              ctx.beginPath();
              ctx.roundRect(r.left - PADDING / 2, r.top, r.width + PADDING, r.height, 10);
              ctx.fillStyle = COLOURS.winnerBand;
              ctx.fill();
              ctx.lineWidth = 2;
              ctx.strokeStyle = COLOURS.highlight;
              ctx.stroke();
            }
            paintHeader(ctx, canvas, r);
            for (const c of r.cards) drawCard(ctx, canvas, c.x, c.y, layout.geometry, c.look);
            if (r.plus) {
              ctx.font = `${NAME_PX}px ${FONT_BOLD}`;
              ctx.fillStyle = COLOURS.mutedText;
              ctx.textAlign = 'center';
              ctx.fillText('+', r.plus.x, r.plus.y);
            }
          }
        },
      };
    },
  );
}
