import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Rng } from '../cards/rng.ts';
import { randomRngState } from '../cards/seed.ts';
import { type EquityOptions, type EquityResult, equity } from '../hands/index.ts';
import { type ChartWords, renderStandingsChart, type StandingsLine } from '../render/chart.ts';
import {
  type BoardCell,
  clearPictureCache,
  type HandOptions,
  type Picture,
  type RenderOptions,
  renderBoard,
  renderHand,
  renderShowdown,
  type ShowdownRow,
} from '../render/index.ts';
import { serve } from '../threads/serve.ts';

/**
 * The bot's helper threads: the CPU-heavy, pure work (odds by Monte Carlo, card
 * pictures as PNG) runs here, so the bot's own thread stays free to answer presses.
 * Odds and pictures each have a thread running this module (offload.ts).
 */
/** A picture as it crosses the thread's port: its Buffer arrives as a Uint8Array. */
export type PictureData = Omit<Picture, 'png'> & { png: Uint8Array };

export interface OffloadProtocol {
  odds: { args: { options: Omit<EquityOptions, 'now' | 'budgetMs'>; budgetMs: number }; result: EquityResult };
  hand: { args: { cards: number[]; options: HandOptions }; result: PictureData | null };
  board: { args: { cells: BoardCell[]; options: RenderOptions }; result: PictureData | null };
  showdown: { args: { rows: ShowdownRow[]; options: RenderOptions }; result: PictureData | null };
  standings: { args: { lines: StandingsLine[]; words: ChartWords; alt: string }; result: PictureData | null };
  warmUp: { args: null; result: boolean };
}

// On Linux a thread has its own nice value: this one yields the CPU to the bot's
// thread, whose answers to presses are due within a tenth of a second; pictures and
// odds can wait (a job past its timeout goes out as text). Elsewhere the call would
// lower the whole process, so it is skipped.
if (process.platform === 'linux') {
  try {
    setPriority(10);
  } catch {
    // Not allowed here: run at the usual priority.
  }
}

/**
 * Loads the canvas and fonts and compiles the drawing paths once, at start-up: otherwise
 * the first deals pay for it, while the bot is busiest. (The odds thread warms nothing:
 * it starts only for the rare question that needs sampling.)
 */
function warmUp(): boolean {
  for (const fourColour of [false, true]) renderHand([48, 45, 2], { fourColour, highlight: [48] });
  clearPictureCache();
  return true;
}

serve<OffloadProtocol>({
  odds: ({ options, budgetMs }) =>
    equity({ ...options, now: () => performance.now(), budgetMs }, new Rng(randomRngState())),
  hand: ({ cards, options }) => renderHand(cards, options),
  board: ({ cells, options }) => renderBoard(cells, options),
  showdown: ({ rows, options }) => renderShowdown(rows, options),
  standings: ({ lines, words, alt }) => renderStandingsChart(lines, words, alt),
  warmUp,
});
