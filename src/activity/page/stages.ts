import type { TableFrame } from '../frames.ts';
import type { Ui } from './dom.ts';

/**
 * A frame that brings much that is new (a showdown: every hand face up on the felt, the
 * result beside it) is put on the page in stages, each a task of its own after the page
 * has painted the one before: the table first (seats, pot, banner), then the hands turned
 * over, then the side panel. On a phone's CPU the whole at once was one long task; in
 * stages no one task holds a press back. Every stage draws the frame the page already
 * holds, and a later frame ends the stages of an earlier one (its own drawing has it all).
 */

/** Runs `then` in a task of its own once the page has painted what it has. */
export const afterPaint = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/** A stage: it may hand back more stages to follow it at once (the rest of what it laid, `Stage[]`). */
export type Stage = () => unknown;

/** Which drawing's stages may still run: each drawing ends the stages of the one before (the same frame drawn again too). */
let drawing = 0;

/** Runs each step after the page has painted the one before, while `t` is the frame on the page and drawn no more since. */
export function inStages(ui: Ui, t: TableFrame, steps: readonly Stage[]): void {
  const left = [...steps];
  const mine = ++drawing;
  const next = () => {
    if (ui.last !== t || mine !== drawing) return;
    const more = left.shift()?.();
    if (Array.isArray(more)) left.unshift(...more);
    if (left.length) afterPaint(next);
  };
  if (left.length) afterPaint(next);
}

/** Draws held hands (felt.ts) and lays them on the felt on the page, where the drawing has them (before the seats). */
export function layHands(root: HTMLElement, hands: readonly (() => HTMLElement)[]): void {
  const felt = root.querySelector<HTMLElement>(':scope > .middle > .felt');
  if (!felt) return;
  const seats = felt.querySelector(':scope > .seats');
  for (const draw of hands) felt.insertBefore(draw(), seats);
}

/**
 * Puts a side panel new to the page into `middle` with its first hand, and returns the
 * stages that add the rest one by one where the drawing had them.
 */
export function laySide(middle: HTMLElement, panel: HTMLElement): Stage[] {
  const lines = [...panel.querySelectorAll<HTMLElement>('.result > .hand')].slice(1);
  const anchor = lines.at(-1)?.nextSibling ?? null;
  const box = lines[0]?.parentNode ?? null;
  for (const line of lines) line.remove();
  middle.append(panel);
  middle.classList.add('with-side');
  return lines.map((line) => () => box?.insertBefore(line, anchor));
}
