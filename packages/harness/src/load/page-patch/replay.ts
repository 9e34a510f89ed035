import { prepareCards } from 'guts/src/activity/page/cards.ts';
import { newUi } from 'guts/src/activity/page/dom.ts';
import { render } from 'guts/src/activity/page/render.ts';
import { parseServerFrame } from 'guts/src/activity/page/server-frame.ts';

/**
 * The page's drawing alone, in a browser, for `activity-patch` (page-patch.ts): the frames
 * a real deal sent the page, parsed and drawn one by one as the page draws them (render.ts,
 * with the patcher the bundle was built with), each left to finish its stages before the
 * next. Before each frame Leave is focused: a patcher must keep it focused where the new
 * drawing keeps it.
 */

interface Drawn {
  kind: 'first' | 'deal' | 'reveal';
  parseMs: number;
  /** The frame's drawing, patch included. */
  drawMs: number;
  /** The patch alone (patchChildren's calls from render.ts). */
  patchMs: number;
  /** Long tasks (over 50 ms) from this frame until the next. */
  longTasks: number[];
}

const g = globalThis as unknown as {
  __patchMs: number[];
  __focusLost: number;
  replayFrames(
    frames: string[],
  ): Promise<{ drawn: Drawn[]; focusChecks: number; focusKept: number; focusLost: number }>;
};
g.__patchMs = [];
g.__focusLost = 0;
prepareCards();

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push(Math.round(e.duration));
}).observe({ type: 'longtask', buffered: false });

/** Long enough for a showdown's stages (each after a paint) at 4× slowdown. */
const SETTLE_MS = 1_000;
const LEAVE = 'button[data-key="leave:"]';

g.replayFrames = async (frames) => {
  const root = document.getElementById('table') as HTMLElement;
  root.replaceChildren();
  // The page's own starting state; presses go nowhere (the frames are replayed, not answered).
  const ui = newUi({ press: () => {}, close: () => {}, redraw: () => {} });
  const drawn: Drawn[] = [];
  let [focusChecks, focusKept] = [0, 0];
  for (const text of frames) {
    const began = performance.now();
    const frame = parseServerFrame(text);
    const parsed = performance.now();
    if (!frame || (frame.type !== 'snapshot' && frame.type !== 'update')) continue;
    if (frame.type === 'snapshot') {
      ui.strings = frame.strings;
      ui.locale = frame.locale;
    }
    const leave = root.querySelector<HTMLButtonElement>(LEAVE);
    leave?.focus();
    g.__patchMs.length = 0;
    longTasks.length = 0;
    const start = performance.now();
    render(root, ui, frame.table);
    const drawMs = performance.now() - start;
    if (leave && root.querySelector(LEAVE)) {
      focusChecks++;
      if (document.activeElement === root.querySelector(LEAVE)) focusKept++;
    }
    await new Promise((done) => setTimeout(done, SETTLE_MS));
    drawn.push({
      kind: frame.type === 'snapshot' ? 'first' : frame.table?.showdown ? 'reveal' : 'deal',
      parseMs: parsed - began,
      drawMs,
      patchMs: g.__patchMs.reduce((a, b) => a + b, 0),
      longTasks: [...longTasks],
    });
  }
  return { drawn, focusChecks, focusKept, focusLost: g.__focusLost };
};
