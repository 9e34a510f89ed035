import type { TableFrame } from '../frames.ts';
import { number, type Ui } from './dom.ts';

/**
 * The pot's number counting to its new value: a view of a change the page already
 * holds, never a state of its own. Run after the frame that made the change is drawn
 * (the DOM shows the new pot at once, so nothing waits for it and a press is never held
 * back), and not under reduced motion. The chips' slides are CSS, drawn with the table
 * (felt.ts).
 */

const COUNT_MS = 600;

const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The pot's number counted from what it was to what it is, while `t` is the frame on the page. */
function count(ui: Ui, t: TableFrame, node: HTMLElement, from: number, to: number): void {
  const began = performance.now();
  const step = (now: number) => {
    // A later frame was drawn (the pot's node may be kept for it, its number set anew): this count is over.
    if (ui.last !== t || !node.isConnected) return;
    const share = Math.min(1, (now - began) / COUNT_MS);
    node.textContent = number(ui, Math.round(from + (to - from) * (1 - (1 - share) ** 3)));
    if (share < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Plays what changed from `before` to `t` on the table just drawn in `root`. */
export function animate(root: HTMLElement, ui: Ui, before: TableFrame | null, t: TableFrame): void {
  // A later frame was drawn since: this change is no longer the one on the page.
  if (ui.last !== t || !before || before.tableId !== t.tableId || reduced()) return;
  const felt = root.querySelector<HTMLElement>('.felt');
  if (!felt) return;
  const pot = felt.querySelector<HTMLElement>('.felt-pot');
  if (pot && before.pot !== t.pot && before.phase !== 'lobby') count(ui, t, pot, before.pot, t.pot);
}
