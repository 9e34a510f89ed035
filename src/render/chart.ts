import { FONT_REGULAR } from './canvas.ts';
import { renderPicture } from './picture.ts';
import { COLOURS } from './theme.ts';
import type { Picture } from './types.ts';

/**
 * A player's net chips over time (`/guts stats`): a line over the felt, with a chips
 * axis (highest, zero, lowest), a deals axis (first and last deal) and their titles.
 * `points` are cumulative totals, oldest first: point i is the total after deal i + 1.
 */

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { left: 64, right: 16, top: 28, bottom: 40 };
const TICK = 4;
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
        const bottom = HEIGHT - MARGIN.bottom;
        ctx.strokeStyle = COLOURS.mutedText;
        ctx.fillStyle = COLOURS.mutedText;
        ctx.lineWidth = 1;
        ctx.font = `${LABEL_PX - 1}px ${FONT_REGULAR}`;
        // The axes, the zero line across, and a labelled tick per chip value shown.
        ctx.beginPath();
        ctx.moveTo(MARGIN.left, MARGIN.top);
        ctx.lineTo(MARGIN.left, bottom);
        ctx.lineTo(WIDTH - MARGIN.right, bottom);
        ctx.moveTo(MARGIN.left, y(0));
        ctx.lineTo(WIDTH - MARGIN.right, y(0));
        ctx.stroke();
        ctx.textAlign = 'right';
        ctx.textBaseline = 'middle';
        for (const v of new Set([high, 0, low])) {
          ctx.beginPath();
          ctx.moveTo(MARGIN.left - TICK, y(v));
          ctx.lineTo(MARGIN.left, y(v));
          ctx.stroke();
          ctx.fillText(signedLabel(v), MARGIN.left - TICK - 3, y(v));
        }
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        for (const i of new Set([0, points.length - 1])) {
          ctx.beginPath();
          ctx.moveTo(x(i), bottom);
          ctx.lineTo(x(i), bottom + TICK);
          ctx.stroke();
          ctx.fillText(String(i + 1), x(i), bottom + TICK + 2);
        }
        ctx.fillText('deals', MARGIN.left + plotW / 2, bottom + TICK + 2);
        ctx.save();
        ctx.translate(14, MARGIN.top + plotH / 2);
        ctx.rotate(-Math.PI / 2);
        ctx.textBaseline = 'middle';
        ctx.fillText('net chips', 0, 0);
        ctx.restore();
        ctx.textAlign = 'left';
        ctx.textBaseline = 'alphabetic';
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

/** "+120", "0", "−40": chip totals as the axis shows them. */
const signedLabel = (v: number): string => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
