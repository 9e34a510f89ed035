import { type Context, FONT_REGULAR } from './canvas.ts';
import { renderPicture } from './picture.ts';
import { COLOURS } from './theme.ts';
import type { Picture } from './types.ts';

/**
 * Net chips over deals, as lines over the felt, with a chips axis (highest, zero,
 * lowest), a deals axis (first and last deal) and their titles: one player's over time
 * (`/guts stats`), or every player's over a game (its final standings). Points are
 * cumulative totals, oldest first: point i is the total after deal i + 1.
 */

const WIDTH = 480;
const HEIGHT = 220;
const MARGIN = { left: 64, right: 16, top: 28, bottom: 40 };
const TICK = 4;
const UP = '#7fe0a2';
const DOWN = '#ff8a8a';
const LABEL_PX = 13;
/** A game's players, told apart: bright on the felt, and each unlike its neighbours. */
const PLAYER_COLOURS = ['#ffc629', '#7fd3ff', '#ff8ad8', '#b6ff7f', '#ffa463', '#c9a8ff', '#ffffff', '#5ff2d0'];
const LEGEND_ROW = 18;

/** The words a chart shows, in its reader's language. */
export interface ChartWords {
  deals: string;
  chips: string;
}

interface Line {
  points: readonly number[];
  colour: string;
}

/** Paints the axes, their ticks and titles, and the lines, in a plot `top` pixels down. */
function plot(ctx: Context, lines: readonly Line[], words: ChartWords, top: number): void {
  const all = lines.flatMap((l) => l.points);
  const count = Math.max(...lines.map((l) => l.points.length));
  const low = Math.min(0, ...all);
  const high = Math.max(0, ...all);
  const span = high - low || 1;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (i / (count - 1)) * plotW;
  const y = (v: number) => top + ((high - v) / span) * plotH;
  const bottom = top + plotH;
  ctx.strokeStyle = COLOURS.mutedText;
  ctx.fillStyle = COLOURS.mutedText;
  ctx.lineWidth = 1;
  ctx.font = `${LABEL_PX - 1}px ${FONT_REGULAR}`;
  // The axes, the zero line across, and a labelled tick per chip value shown.
  ctx.beginPath();
  ctx.moveTo(MARGIN.left, top);
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
  for (const i of new Set([0, count - 1])) {
    ctx.beginPath();
    ctx.moveTo(x(i), bottom);
    ctx.lineTo(x(i), bottom + TICK);
    ctx.stroke();
    ctx.fillText(String(i + 1), x(i), bottom + TICK + 2);
  }
  ctx.fillText(words.deals, MARGIN.left + plotW / 2, bottom + TICK + 2);
  ctx.save();
  ctx.translate(14, top + plotH / 2);
  ctx.rotate(-Math.PI / 2);
  ctx.textBaseline = 'middle';
  ctx.fillText(words.chips, 0, 0);
  ctx.restore();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.lineWidth = 3;
  for (const line of lines) {
    ctx.strokeStyle = line.colour;
    ctx.beginPath();
    ctx.moveTo(x(0), y(line.points[0] as number));
    for (let i = 1; i < line.points.length; i++) ctx.lineTo(x(i), y(line.points[i] as number));
    ctx.stroke();
  }
}

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
        plot(ctx, [{ points, colour: last >= 0 ? UP : DOWN }], { deals: 'deals', chips: 'net chips' }, MARGIN.top);
        ctx.fillStyle = COLOURS.text;
        ctx.font = `${LABEL_PX}px ${FONT_REGULAR}`;
        ctx.fillText(`${title}: net ${last > 0 ? '+' : ''}${last}`, MARGIN.left, MARGIN.top - 9);
      },
    }),
  );
}

/** One player's line on a game's chart: their name and net chips after each deal. */
export interface StandingsLine {
  name: string;
  points: readonly number[];
}

/** The colour of the game's `i`th player (the standings' order) on its chart. */
export const playerColour = (i: number): string => PLAYER_COLOURS[i % PLAYER_COLOURS.length] as string;

/**
 * A game's final standings as a picture: every player's net chips after each deal, one
 * colour each, named in a legend above the plot. `alt` is the caption, in the reader's
 * language (the caller writes it). Null with fewer than two deals: nothing to draw.
 */
export function renderStandingsChart(lines: readonly StandingsLine[], words: ChartWords, alt: string): Picture | null {
  if (!lines.length || Math.max(...lines.map((l) => l.points.length)) < 2) return null;
  const legendRows = Math.ceil(lines.length / 3);
  const top = 22 + legendRows * LEGEND_ROW;
  const key = `standings:${JSON.stringify([lines, words])}`;
  return renderPicture(
    key,
    'standings.png',
    () => alt,
    () => ({
      width: WIDTH,
      height: HEIGHT + top - MARGIN.top,
      paint(ctx) {
        plot(
          ctx,
          lines.map((l, i) => ({ points: l.points, colour: playerColour(i) })),
          words,
          top,
        );
        // The legend: three names a row, each beside a swatch of its line's colour.
        ctx.font = `${LABEL_PX}px ${FONT_REGULAR}`;
        const column = (WIDTH - MARGIN.left - MARGIN.right) / 3;
        lines.forEach((l, i) => {
          const lx = MARGIN.left + (i % 3) * column;
          const ly = 10 + Math.floor(i / 3) * LEGEND_ROW;
          ctx.fillStyle = playerColour(i);
          ctx.fillRect(lx, ly, 12, 12);
          ctx.fillStyle = COLOURS.text;
          ctx.fillText(clipName(ctx, l.name, column - 20), lx + 16, ly + 11);
        });
      },
    }),
  );
}

/** A name cut to fit `width` pixels, with an ellipsis. */
function clipName(ctx: Context, name: string, width: number): string {
  if (ctx.measureText(name).width <= width) return name;
  let cut = [...name];
  while (cut.length > 1 && ctx.measureText(`${cut.join('')}…`).width > width) cut = cut.slice(0, -1);
  return `${cut.join('')}…`;
}

/** "+120", "0", "−40": chip totals as the axis shows them. */
const signedLabel = (v: number): string => (v > 0 ? `+${v}` : v < 0 ? `−${-v}` : '0');
