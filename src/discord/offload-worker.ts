import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Rng } from '../cards/rng.ts';
import { randomRngState } from '../cards/seed.ts';
import { type EquityOptions, equity } from '../hands/index.ts';
import { type ChartWords, renderStandingsChart, type StandingsLine } from '../render/chart.ts';
import {
  type BoardCell,
  clearPictureCache,
  type HandOptions,
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
export type OffloadJob =
  | { kind: 'odds'; options: Omit<EquityOptions, 'now' | 'budgetMs'>; budgetMs: number }
  | { kind: 'hand'; cards: number[]; options: HandOptions }
  | { kind: 'board'; cells: BoardCell[]; options: RenderOptions }
  | { kind: 'showdown'; rows: ShowdownRow[]; options: RenderOptions }
  | { kind: 'standings'; lines: StandingsLine[]; words: ChartWords; alt: string }
  | { kind: 'warm-up' };

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

function run(job: OffloadJob): unknown {
  switch (job.kind) {
    case 'odds':
      return equity(
        { ...job.options, now: () => performance.now(), budgetMs: job.budgetMs },
        new Rng(randomRngState()),
      );
    case 'hand':
      return renderHand(job.cards, job.options);
    case 'board':
      return renderBoard(job.cells, job.options);
    case 'showdown':
      return renderShowdown(job.rows, job.options);
    case 'standings':
      return renderStandingsChart(job.lines, job.words, job.alt);
    case 'warm-up':
      return warmUp();
  }
}

serve<OffloadJob>(run);
