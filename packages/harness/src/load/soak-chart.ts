import { GROWTH_FROM_MINUTE, TOKEN_LIFETIME_MINUTES } from './soak-report.ts';

/** What the chart reads of a soak result (the `soak` bench's JSON). */
export interface SoakChartInput {
  minutes: number;
  tables: number;
  deals: number;
  growth: { fromMinute: number; rssMbPer1000Deals: number; heapMbPer1000Deals: Record<string, number> };
  machine?: { cpu: string; cores: number; memoryGb: number; node: string };
  samples: { minute: number; deals: number; rssMb: number; heapsMb: Record<string, number | null> }[];
}

const WIDTH = 900;
const PANEL = 230;
const LEFT = 70;
const RIGHT = 180;
const TOP = 50;
const GAP = 60;
const COLOURS: Record<string, string> = {
  rss: '#1f77b4',
  main: '#d62728',
  stepWriter: '#2ca02c',
  odds: '#9467bd',
  pictures: '#ff7f0e',
};

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Round numbers for an axis from 0 (or `min`) to `max`: about five ticks. */
function ticks(min: number, max: number): number[] {
  const span = Math.max(1e-9, max - min);
  const raw = span / 5;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + 1e-9; t += step) out.push(Math.round(t * 1000) / 1000);
  return out;
}

/** The deals settled by `minute`, read off the samples (linear between two). */
function dealsAt(samples: SoakChartInput['samples'], minute: number): number | null {
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as SoakChartInput['samples'][number];
    const b = samples[i] as SoakChartInput['samples'][number];
    if (a.minute <= minute && minute <= b.minute) {
      return a.deals + ((b.deals - a.deals) * (minute - a.minute)) / Math.max(1e-9, b.minute - a.minute);
    }
  }
  return null;
}

/**
 * A soak as an SVG: resident memory (top) and each thread's heap after a collection
 * (bottom) against deals settled, with the 15 minutes a token lives and the start of
 * the measured growth marked. Drawn from the bench's own samples, nothing else.
 */
export function soakChartSvg(input: SoakChartInput): string {
  const { samples } = input;
  const maxDeals = Math.max(1, ...samples.map((s) => s.deals));
  const x = (deals: number) => LEFT + (deals / maxDeals) * (WIDTH - LEFT - RIGHT);
  const threads = Object.keys(samples[0]?.heapsMb ?? {});
  const parts: string[] = [];
  const panel = (top: number, title: string, series: { name: string; values: (number | null)[] }[]) => {
    const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
    const lo = Math.floor(Math.min(...all) * 0.95);
    const hi = Math.ceil(Math.max(...all) * 1.05);
    const y = (v: number) => top + PANEL - ((v - lo) / Math.max(1e-9, hi - lo)) * PANEL;
    parts.push(`<text x="${LEFT}" y="${top - 8}" font-weight="bold">${esc(title)}</text>`);
    parts.push(
      `<rect x="${LEFT}" y="${top}" width="${WIDTH - LEFT - RIGHT}" height="${PANEL}" fill="none" stroke="#999"/>`,
    );
    for (const t of ticks(lo, hi)) {
      parts.push(`<line x1="${LEFT - 4}" x2="${WIDTH - RIGHT}" y1="${y(t)}" y2="${y(t)}" stroke="#eee"/>`);
      parts.push(`<text x="${LEFT - 8}" y="${y(t) + 4}" text-anchor="end">${t}</text>`);
    }
    for (const t of ticks(0, maxDeals)) {
      parts.push(`<text x="${x(t)}" y="${top + PANEL + 16}" text-anchor="middle">${t}</text>`);
    }
    series.forEach((s, i) => {
      const points = s.values
        .map((v, j) =>
          v === null ? null : `${x((samples[j] as { deals: number }).deals).toFixed(1)},${y(v).toFixed(1)}`,
        )
        .filter(Boolean)
        .join(' ');
      const colour = COLOURS[s.name] ?? '#555';
      parts.push(`<polyline points="${points}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      parts.push(`<rect x="${WIDTH - RIGHT + 12}" y="${top + 10 + i * 20}" width="14" height="4" fill="${colour}"/>`);
      parts.push(`<text x="${WIDTH - RIGHT + 32}" y="${top + 16 + i * 20}">${esc(s.name)}</text>`);
    });
    for (const [minute, label, dash] of [
      [TOKEN_LIFETIME_MINUTES, `token horizon (${TOKEN_LIFETIME_MINUTES} min)`, '6,4'],
      [GROWTH_FROM_MINUTE, `slope from minute ${GROWTH_FROM_MINUTE}`, '2,3'],
    ] as const) {
      const at = dealsAt(samples, minute);
      if (at === null) continue;
      parts.push(
        `<line x1="${x(at)}" x2="${x(at)}" y1="${top}" y2="${top + PANEL}" stroke="#444" stroke-dasharray="${dash}"/>`,
      );
      if (top === TOP)
        parts.push(`<text x="${x(at) + 4}" y="${top + 14 + (dash === '2,3' ? 16 : 0)}">${esc(label)}</text>`);
    }
  };
  panel(
    TOP,
    `Resident memory of the bot's process, MB (${input.growth.rssMbPer1000Deals} MB per 1,000 deals from minute ${input.growth.fromMinute})`,
    [{ name: 'rss', values: samples.map((s) => s.rssMb) }],
  );
  const heapTop = TOP + PANEL + GAP;
  panel(
    heapTop,
    'Heap in use after a full collection, by thread, MB',
    threads.map((t) => ({ name: t, values: samples.map((s) => s.heapsMb[t] ?? null) })),
  );
  const height = heapTop + PANEL + 60;
  const m = input.machine;
  const caption = `${input.minutes} minutes, ${input.tables} tables, ${input.deals} deals${m ? `; ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, Node ${m.node}` : ''}`;
  parts.push(`<text x="${LEFT}" y="${heapTop + PANEL + 36}">deals settled →   ${esc(caption)}</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    // A title: what a screen reader says of the picture (and what linters ask of an SVG).
    "<title>Soak: resident memory and each thread's heap against deals settled</title>",
    `<rect width="${WIDTH}" height="${height}" fill="white"/>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
