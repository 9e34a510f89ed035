import { type Context, FONT_BOLD, FONT_REGULAR } from './canvas.ts';
import { playerColour } from './chart.ts';
import { renderPicture } from './picture.ts';
import { COLOURS } from './theme.ts';
import type { Picture } from './types.ts';

/**
 * A game's final standings as a picture where there is no course to chart (one deal):
 * a title, then a row a player, best first, each with their colour (the chart's), their
 * name, and a bar from the zero line to their net chips, right for a win, left for a
 * loss, the amount at its end. A one-step line chart would say the same less well:
 * every line starts at zero, so players with the same result draw over each other and
 * only the legend's colours tell who is who; a row each names everyone.
 */

const WIDTH = 480;
const PAD = 16;
const TITLE_H = 34;
const ROW_H = 26;
const BAR_H = 14;
const NAME_W = 150;
const AMOUNT_W = 64;
const LABEL_PX = 14;
const UP = '#7fe0a2';
const DOWN = '#ff8a8a';

/** One player's row: their name and net chips over the game. */
export interface StandingsBar {
  name: string;
  chips: number;
}

/** The rows as a picture, titled `title`, captioned `alt` (both in the reader's language); null without rows. */
export function renderStandingsBars(rows: readonly StandingsBar[], title: string, alt: string): Picture | null {
  if (!rows.length) return null;
  const key = `standings-bars:${JSON.stringify([rows, title])}`;
  return renderPicture(
    key,
    'standings.png',
    () => alt,
    () => ({
      width: WIDTH,
      height: TITLE_H + rows.length * ROW_H + PAD,
      paint(ctx) {
        ctx.fillStyle = COLOURS.text;
        ctx.font = `${LABEL_PX + 2}px ${FONT_BOLD}`;
        ctx.textBaseline = 'middle';
        ctx.fillText(clip(ctx, title, WIDTH - 2 * PAD), PAD, TITLE_H / 2 + 4);
        // The bars share one zero line, half the room each way (an amount's room kept at either end): the widest result fills its half.
        const left = PAD + NAME_W + AMOUNT_W;
        const right = WIDTH - PAD - AMOUNT_W;
        const zero = (left + right) / 2;
        const half = (right - left) / 2;
        const most = Math.max(1, ...rows.map((r) => Math.abs(r.chips)));
        const bottom = TITLE_H + rows.length * ROW_H;
        ctx.strokeStyle = COLOURS.mutedText;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(zero, TITLE_H);
        ctx.lineTo(zero, bottom);
        ctx.stroke();
        ctx.font = `${LABEL_PX}px ${FONT_REGULAR}`;
        rows.forEach((row, i) => {
          const mid = TITLE_H + i * ROW_H + ROW_H / 2;
          ctx.fillStyle = playerColour(i);
          ctx.fillRect(PAD, mid - 6, 12, 12);
          ctx.fillStyle = COLOURS.text;
          ctx.textAlign = 'left';
          ctx.fillText(clip(ctx, row.name, NAME_W - 24), PAD + 18, mid);
          const length = (Math.abs(row.chips) / most) * half;
          const start = row.chips < 0 ? zero - length : zero;
          ctx.fillStyle = row.chips < 0 ? DOWN : UP;
          ctx.fillRect(start, mid - BAR_H / 2, Math.max(length, 2), BAR_H);
          ctx.fillStyle = COLOURS.text;
          const amount = signed(row.chips);
          if (row.chips < 0) {
            ctx.textAlign = 'right';
            ctx.fillText(amount, start - 6, mid);
          } else {
            ctx.textAlign = 'left';
            ctx.fillText(amount, start + Math.max(length, 2) + 6, mid);
          }
        });
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
      },
    }),
  );
}

/** "+12", "0", "−5". */
const signed = (v: number): string => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');

/** A text cut to fit `width` pixels, with an ellipsis. */
function clip(ctx: Context, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let cut = [...text];
  while (cut.length > 1 && ctx.measureText(`${cut.join('')}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.join('')}…`;
}
