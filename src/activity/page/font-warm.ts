import type { TableFrame } from '../frames.ts';
import { el, type Ui } from './dom.ts';
import { felt } from './felt.ts';
import { side } from './render.ts';

/**
 * Readies, while the page is idle, the fonts a showdown first writes in. Its banner, the
 * seats' gains, the hands' names and the result's lines are each in a size or weight the
 * table has not used before; the first text laid out in one makes Chromium create that font
 * (on Linux a synchronous call to the browser process for its rendering settings, then the
 * first shaping): a reveal's first stage spent most of its layout there, and on a busy
 * machine the call waits its turn for a core. A hidden specimen of a showdown drawn with
 * the table's own code makes them once, ahead; the fonts stay in Chromium's font cache
 * after the specimen is gone.
 */

/**
 * `t` as if its deal had been shown down: every seat's hand face up, the first seat winning
 * from the second, and each with an achievement's medal (a deal's end brings them).
 */
function sampleShowdown(t: TableFrame): TableFrame {
  const card = { code: 'AS', text: 'A♠' };
  const [winner, loser] = t.seats.map((s) => s.id);
  const delta: Record<string, number> = {};
  if (winner) delta[winner] = 1;
  if (loser) delta[loser] = -1;
  return {
    ...t,
    seats: t.seats.map((s) => ({ ...s, badge: { id: 'specimen', name: s.name } })),
    phase: 'between-deals',
    showdown: {
      dealNo: -1,
      hands: t.seats.map((s) => ({ playerId: s.id, cards: [card, card, card], name: s.name, dead: false })),
      kitty: null,
      winners: winner ? [winner] : [],
      payments: [],
      paid: t.seats.map((s) => s.name),
      delta,
      names: {},
      proof: null,
    },
  };
}

let warmed = false;

/** Once a page has a table of two or more, lays a hidden showdown of it out once (the felt, then the side panel). */
export function warmShowdownFonts(ui: Ui, t: TableFrame | null): void {
  if (warmed || !t || t.seats.length < 2) return;
  warmed = true;
  const sample = sampleShowdown(t);
  // A drawing that marks nothing as new (no motion) and leaves the page's own record of what it showed alone.
  const quiet: Ui = { ...ui, seen: undefined, showing: new Set(), picked: new Set() };
  const parts = [() => felt(quiet, sample), () => side(quiet, sample)];
  const next = () => {
    const part = parts.shift()?.();
    if (part) {
      const specimen = el(
        'main',
        { class: 'font-specimen', 'aria-hidden': 'true' },
        el('div', { class: 'middle' }, part),
      );
      specimen.inert = true;
      document.body.append(specimen);
      // Laid out now (its text shaped in each of its fonts), then gone.
      specimen.getBoundingClientRect();
      specimen.remove();
    }
    if (parts.length) requestIdleCallback(next);
  };
  requestIdleCallback(next);
}
