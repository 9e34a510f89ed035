import type { PagePress, PageStrings, RuleValue, TableFrame } from '../frames.ts';

/** What every part of the page reads: the receiver's words and language, their picks, the countdown. */
export interface Ui {
  strings: PageStrings;
  locale: string;
  /** The server's clock minus ours (ms): the countdown follows the server's. */
  skew: number;
  picked: Set<string>;
  /** The countdown the bar shows and its whole length, kept while the deadline stays. */
  countdown: { deadline: number; total: number } | null;
  /** What the last drawing showed (cards by place, the showdown), and what this one shows: only the new moves in. */
  seen?: Set<string>;
  showing?: Set<string>;
  /** The frame drawn last: motion shows what changed from it. */
  last?: TableFrame | null;
  /**
   * The press sent and not yet answered (its request id, and its button's `data-key`): that
   * button is marked busy until the answer, even once the bot has acknowledged it.
   */
  pending?: { requestId: string; key: string } | null;
  /** A side panel new to the page was laid after the table (stages.ts): what other modules put in it goes in now. */
  sideLaid?(): void;
  /** Leave was pressed during a deal: the page asks to confirm it. */
  confirmLeave?: boolean;
  /** Seats whose player is talking in the call (Discord's speaking events): their seat is lit. */
  speaking?: ReadonlySet<string>;
  press(press: PagePress, extra?: { cards?: string[]; level?: string; options?: Record<string, RuleValue> }): void;
  /** Closes the Activity for this user (Leave once the game is over: nothing is left to leave at the table). */
  close(): void;
  redraw(): void;
}

/** A page's state before its first frame (English until the snapshot says otherwise), with what its presses do. */
export function newUi(does: Pick<Ui, 'press' | 'close' | 'redraw' | 'sideLaid'>): Ui {
  return { strings: {}, locale: 'en-US', skew: 0, picked: new Set(), countdown: null, ...does };
}

/**
 * Whether `key` (a card in its place, a showdown) is new since the last drawing: the page
 * draws every frame afresh, and only what is new is dealt, flipped or announced.
 */
export function fresh(ui: Ui, key: string): boolean {
  ui.showing?.add(key);
  return ui.seen !== undefined && !ui.seen.has(key);
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/** Number formats by locale and options: making one is far dearer than using it, and a table says hundreds of numbers. */
const formats = new Map<string, Intl.NumberFormat>();

export function number(ui: Ui, n: number, options?: Intl.NumberFormatOptions): string {
  const key = `${ui.locale}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(ui.locale, options);
    formats.set(key, format);
  }
  return format.format(n);
}

/** A catalogue text with its `{{name}}` places filled (numbers in the receiver's way of writing them). */
export function say(ui: Ui, key: string, vars: Record<string, string | number> = {}): string {
  return fillIn(ui, ui.strings[key] ?? key, vars);
}

export function fillIn(ui: Ui, text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = vars[name];
    return typeof v === 'number' ? number(ui, v) : (v ?? '');
  });
}
