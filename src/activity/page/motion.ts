import type { TableFrame } from '../frames.ts';
import { number, type Ui } from './dom.ts';

/**
 * The table's motion: views of a change the page already holds, never a state of their
 * own. Drawn after the frame that made the change (the DOM shows the new state at once,
 * so nothing waits for an animation and a press is never held back): chips slide from
 * the seats to the pot when a deal's antes go in, and along each payment at a showdown;
 * the pot's number counts to its new value. None of it under reduced motion (the
 * stylesheet also stops every CSS animation there).
 */

const CHIP_MS = 550;
const COUNT_MS = 600;

const reduced = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The centre of `node` within `felt`, in pixels. */
function centre(node: Element, felt: Element): { x: number; y: number } {
  const a = node.getBoundingClientRect();
  const f = felt.getBoundingClientRect();
  return { x: a.left + a.width / 2 - f.left, y: a.top + a.height / 2 - f.top };
}

/** One chip from `from` to `to` (seats by id, or the pot), gone when it lands. */
function slide(felt: HTMLElement, from: string, to: string, delay: number): void {
  const at = (who: string) =>
    who === 'pot' ? felt.querySelector('.felt-pot') : felt.querySelector(`.seat[data-seat="${CSS.escape(who)}"]`);
  const a = at(from);
  const b = at(to);
  if (!a || !b) return;
  const start = centre(a, felt);
  const end = centre(b, felt);
  const chip = document.createElement('span');
  chip.className = 'flying-chip';
  chip.setAttribute('aria-hidden', 'true');
  felt.append(chip);
  const move = chip.animate(
    [
      { transform: `translate(${start.x}px, ${start.y}px) scale(0.8)`, opacity: 0 },
      { opacity: 1, offset: 0.15 },
      { transform: `translate(${end.x}px, ${end.y}px) scale(1)`, opacity: 0.9 },
    ],
    { duration: CHIP_MS, delay, easing: 'cubic-bezier(.3,.7,.4,1)', fill: 'backwards' },
  );
  move.onfinish = () => chip.remove();
}

/** The pot's number counted from what it was to what it is. */
function count(ui: Ui, node: HTMLElement, from: number, to: number): void {
  const began = performance.now();
  const step = (now: number) => {
    // A later frame drew a new pot: this count is no longer on the page.
    if (!node.isConnected) return;
    const share = Math.min(1, (now - began) / COUNT_MS);
    node.textContent = number(ui, Math.round(from + (to - from) * (1 - (1 - share) ** 3)));
    if (share < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** Plays what changed from `before` to `t` on the table just drawn in `root`. */
export function animate(root: HTMLElement, ui: Ui, before: TableFrame | null, t: TableFrame): void {
  if (!before || before.tableId !== t.tableId || reduced()) return;
  const felt = root.querySelector<HTMLElement>('.felt');
  if (!felt) return;
  const pot = felt.querySelector<HTMLElement>('.felt-pot');
  if (pot && before.pot !== t.pot && before.phase !== 'lobby') count(ui, pot, before.pot, t.pot);
  // A deal begun: each seat dealt in puts its ante in.
  if (t.phase === 'deal' && before.dealNo !== t.dealNo) {
    t.seats.filter((s) => s.inDeal).forEach((s, i) => slide(felt, s.id, 'pot', i * 60));
  }
  // A showdown shown: the chips go as its payments say (to and from the pot, or between seats).
  const shown = t.showdown;
  if (shown && before.showdown?.dealNo !== shown.dealNo) {
    shown.payments.slice(0, 16).forEach((p, i) => slide(felt, p.from, p.to, 250 + i * 90));
  }
}
