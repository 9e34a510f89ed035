import { FONT_REGULAR } from './canvas.ts';
import { renderPicture } from './picture.ts';
import { COLOURS } from './theme.ts';
import type { Picture } from './types.ts';

/**
 * A player's net chips over time (`/guts stats`): a line over the felt, a zero line,
 * the first and last totals. `points` are cumulative totals, oldest first.
 */

const WIDTH = 480;
const HEIGHT = 200;
const MARGIN = { left: 16, right: 16, top: 26, bottom: 16 };
const UP = '#7fe0a2';
const DOWN = '#ff8a8a';
const LABEL_PX = 13;

export function renderNetChart(points: readonly number[], title: string): Picture | null {
  if (points.length < 2) return null;
  const last = points[points.length - 1] as number;
  const alt = `Net chips over time for ${title}: from ${points[0]} to ${last}, lowest ${Math.min(...points)}, highest ${Math.max(...points)}.`;
  return renderPicture(
    `chart:${title}:${points.join(',')}`,
    'net-chips.png',
    () => alt,
    () => ({
      width: WIDTH,
      height: HEIGHT,
      paint(ctx) {
        const low = Math.min(0, ...points);
        const high = Math.max(0, ...points);
        const span = high - low || 1;
        const plotW = WIDTH - MARGIN.left - MARGIN.right;
        const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
        const x = (i: number) => MARGIN.left + (i / (points.length - 1)) * plotW;
        const y = (v: number) => MARGIN.top + ((high - v) / span) * plotH;
        ctx.strokeStyle = COLOURS.mutedText;
        ctx.lineWidth = 1;
        ctx.beginPath();
        ctx.moveTo(MARGIN.left, y(0));
        ctx.lineTo(WIDTH - MARGIN.right, y(0));
        ctx.stroke();
        ctx.strokeStyle = last >= 0 ? UP : DOWN;
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.moveTo(x(0), y(points[0] as number));
        for (let i = 1; i < points.length; i++) ctx.lineTo(x(i), y(points[i] as number));
        ctx.stroke();
        ctx.fillStyle = COLOURS.text;
        ctx.font = `${LABEL_PX}px ${FONT_REGULAR}`;
        ctx.fillText(`${title}: net ${last > 0 ? '+' : ''}${last}`, MARGIN.left, MARGIN.top - 9);
      },
    }),
  );
}
