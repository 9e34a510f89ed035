import { FONT_BOLD } from './canvas.ts';
import { type CardGeometry, cardGeometry, drawCard } from './card-art.ts';
import type { PlacedCard } from './hand.ts';
import { assertCards, cardSet, renderPicture } from './picture.ts';
import { boardText } from './text.ts';
import { CARD_GAP, COLOURS, PADDING } from './theme.ts';
import type { BoardCell, BoardOptions, Picture } from './types.ts';

export const BOARD_CARD_WIDTH = 80;
const LABEL_PX = 15;
const LABEL_ROOM = 20;
/** The layouts of docs/RULES.md fit in 4×4; slack for new ones, but not for a runaway coordinate. */
const MAX_GRID = 8;

export interface BoardLayout {
  width: number;
  height: number;
  geometry: CardGeometry;
  cards: (PlacedCard & { label?: string })[];
}

/** Each cell at its grid position; positions without a cell stay empty felt (the cross's corners). */
export function boardLayout(cells: readonly BoardCell[], opts: BoardOptions = {}): BoardLayout {
  if (cells.length === 0) throw new RangeError('a board needs at least one cell');
  assertCards(cells.flatMap((c) => (c.card === null ? [] : [c.card])));
  for (const c of cells) {
    const onGrid = (n: number) => Number.isInteger(n) && n >= 0 && n < MAX_GRID;
    if (!onGrid(c.col) || !onGrid(c.row)) throw new RangeError(`cell off the grid: ${c.col},${c.row}`);
  }
  const g = cardGeometry(BOARD_CARD_WIDTH);
  const labelRoom = cells.some((c) => c.label) ? LABEL_ROOM : 0;
  const cols = Math.max(...cells.map((c) => c.col)) + 1;
  const rows = Math.max(...cells.map((c) => c.row)) + 1;
  const highlight = cardSet(opts.highlight);
  const fourColour = opts.fourColour ?? false;
  return {
    width: 2 * PADDING + cols * g.width + (cols - 1) * CARD_GAP,
    height: 2 * PADDING + rows * (g.height + labelRoom) + (rows - 1) * CARD_GAP,
    geometry: g,
    cards: cells.map((cell) => ({
      x: PADDING + cell.col * (g.width + CARD_GAP),
      y: PADDING + cell.row * (g.height + labelRoom + CARD_GAP),
      look: {
        card: cell.card,
        fourColour,
        highlighted: cell.card !== null && highlight.has(cell.card),
        dimmed: false,
      },
      ...(cell.label ? { label: cell.label } : {}),
    })),
  };
}

/** The community cards of a layout variant (Iron Cross' cross, Tic Tac Toe's grid); null = use `boardText`. */
export function renderBoard(cells: readonly BoardCell[], opts: BoardOptions = {}): Picture | null {
  const key = `board:${JSON.stringify([cells.map((c) => [c.card, c.col, c.row, c.label ?? '']), opts.fourColour ?? false, opts.highlight ?? []])}`;
  return renderPicture(
    key,
    'board.png',
    () => `Board: ${boardText(cells)}`,
    () => {
      const layout = boardLayout(cells, opts);
      const g = layout.geometry;
      return {
        width: layout.width,
        height: layout.height,
        paint: (ctx, canvas) => {
          for (const c of layout.cards) {
            drawCard(ctx, canvas, c.x, c.y, g, c.look);
            if (!c.label) continue;
            ctx.font = `${LABEL_PX}px ${FONT_BOLD}`;
            ctx.fillStyle = COLOURS.mutedText;
            ctx.textAlign = 'center';
            ctx.textBaseline = 'top';
            ctx.fillText(c.label, c.x + g.width / 2, c.y + g.height + 4, g.width);
          }
        },
      };
    },
  );
}
