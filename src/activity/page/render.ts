import type { CardFace, SeatFrame, ShowdownFrame, TableFrame } from '../frames.ts';
import { cardElement } from './cards.ts';
import { type Choice, choices, type Label, mySeat, pickable, pickLimit, ready, togglePick } from './choices.ts';
import { el, fillIn, fresh, number, say, type Ui } from './dom.ts';
import { felt } from './felt.ts';
import { gameOver } from './game-over.ts';
import { animate } from './motion.ts';
import { patchChildren } from './patch.ts';
import { inStages, layHands, laySide, type Stage } from './stages.ts';

export type { Ui } from './dom.ts';

/**
 * The table as DOM, from one frame: plain elements, every control a real button with
 * its name, every card with its text ("A♠") for screen readers and tests. Words come
 * from the receiver's catalogue; numbers and times are said by `Intl` in their language.
 */

const said = (ui: Ui, label: Label) => say(ui, label.key, label.vars);

const card = (ui: Ui, face: CardFace | null): HTMLElement => cardElement(face, say(ui, 'picture.faceDown'));

/** A control whose handler is its `onclick`: drawing the next frame keeps the button (and its focus) and hands it the new handler. */
function button(label: string, key: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = el('button', { type: 'button', class: primary ? 'primary' : '', 'data-key': key }, label);
  b.onclick = onClick;
  return b;
}

/**
 * The receiver's presses, the one most asked for first; Leave apart from them, and while a
 * deal is under way asked twice: the first press says what it does (you leave after it).
 */
function actions(ui: Ui, t: TableFrame): HTMLElement {
  const bar = el('div', { class: 'actions', role: 'group' });
  // Leave last, apart from the rest.
  const all = choices(t);
  for (const choice of [...all.filter((c) => c.press !== 'leave'), ...all.filter((c) => c.press === 'leave')]) {
    const leave = choice.press === 'leave';
    const confirm = leave && t.phase === 'deal';
    const asking = confirm && ui.confirmLeave === true;
    const label = asking ? `${said(ui, choice.label)}: ${say(ui, 'seat.leaving')}` : said(ui, choice.label);
    const b = button(
      label,
      `${choice.press}:${choice.level ?? ''}`,
      () => {
        if (confirm && !asking) {
          ui.confirmLeave = true;
          ui.redraw();
          return;
        }
        ui.confirmLeave = false;
        send(ui, t, choice);
      },
      choice.primary,
    );
    if (leave) b.classList.add('leave');
    // Seating computers is the host's extra: picture-in-picture leaves it to a bigger frame.
    if (choice.press === 'computer' || choice.press === 'removeComputer') b.classList.add('extra');
    if (asking) b.classList.add('confirm');
    if (ui.pending?.key === b.dataset.key) b.setAttribute('aria-busy', 'true');
    b.disabled = !ready(choice, ui.picked);
    bar.append(b);
  }
  return bar;
}

function send(ui: Ui, t: TableFrame, choice: Choice): void {
  // Nothing to leave at a table whose game is over: Leave closes the Activity.
  if (t.phase === 'over' && choice.press === 'leave') ui.close();
  else if (choice.picks) ui.press(choice.press, { cards: [...ui.picked] });
  else ui.press(choice.press, choice.level ? { level: choice.level } : {});
}

function yourCards(ui: Ui, t: TableFrame, me: SeatFrame): HTMLElement {
  const picking = pickLimit(t) > 0;
  const row = el('div', { class: 'cards mine' });
  me.cards.forEach((face, i) => {
    const dealt = fresh(ui, `mine:${t.dealNo}:${i}:${face?.code ?? ''}`) ? 'dealt' : '';
    if (!picking || !face) {
      row.append(cardElement(face, say(ui, 'picture.faceDown'), dealt));
      return;
    }
    const on = ui.picked.has(face.code);
    const pick = el(
      'button',
      {
        type: 'button',
        'aria-pressed': String(on),
        'aria-label': face.text,
        class: `pick${on ? ' picked' : ''}`,
        'data-key': `pick:${face.code}`,
      },
      cardElement(face, say(ui, 'picture.faceDown'), dealt),
    );
    pick.disabled = !pickable(t, face, ui.picked);
    pick.onclick = () => {
      ui.picked = togglePick(t, face, ui.picked);
      ui.redraw();
    };
    row.append(pick);
  });
  const title = say(ui, 'activity.yourCards');
  // Your hand named, with its odds, as your private message says them.
  const words = [t.yourHand, t.yourOdds].filter((part) => part !== null).join(' · ');
  const named = words ? el('span', { class: 'your-hand' }, words) : '';
  return el('section', { class: 'you', 'aria-label': title }, el('h2', {}, title, ' ', named), row);
}

function proof(ui: Ui, r: ShowdownFrame): HTMLElement | null {
  const p = r.proof;
  if (!p) return null;
  const field = (key: string, value: string) => [el('dt', {}, say(ui, key)), el('dd', {}, el('code', {}, value))];
  return el(
    'details',
    { class: 'fair' },
    el('summary', {}, say(ui, 'button.verify')),
    el('h3', {}, say(ui, 'verify.titleInGame', { deal: r.dealNo, gameDeal: p.dealNo })),
    el(
      'dl',
      {},
      ...field('verify.commitment', p.commitment),
      ...field('verify.seed', p.serverSeed),
      ...field('verify.clientSeed', p.clientSeed),
    ),
    el('p', {}, say(ui, 'verify.howTo')),
  );
}

function result(ui: Ui, t: TableFrame): HTMLElement | null {
  const r = t.showdown;
  if (!r) return null;
  const name = (id: string) => r.names[id] ?? t.seats.find((s) => s.id === id)?.name ?? id;
  const title = say(ui, 'result.hands');
  const box = el('section', { class: 'result', 'aria-label': title });
  // Everyone dropped: no hands to show, only what was paid.
  if (r.hands.length) box.append(el('h2', {}, title));
  for (const h of r.hands) {
    const won = r.winners.includes(h.playerId);
    const line = el('div', { class: `hand${won ? ' won' : ''}` }, `${won ? '🏆 ' : ''}${name(h.playerId)}: `);
    for (const c of h.cards) line.append(card(ui, c));
    line.append(` ${h.name}`);
    box.append(line);
  }
  if (r.kitty)
    box.append(el('div', { class: 'hand' }, `${say(ui, 'verify.kitty')}: `, ...r.kitty.map((c) => card(ui, c))));
  if (r.paid.length) {
    const paid = say(ui, 'result.payments');
    box.append(el('h2', {}, paid), el('ul', { 'aria-label': paid }, ...r.paid.map((line) => el('li', {}, line))));
  }
  const fair = proof(ui, r);
  if (fair) box.append(fair);
  return box;
}

/** The people with the Activity open who hold no seat: a strip of their pictures and names. */
function watchers(ui: Ui, t: TableFrame): HTMLElement | string {
  if (!t.watchers.length) return '';
  const title = say(ui, 'activity.watchers');
  const list = el('ul', { class: 'watchers', 'aria-label': title, title });
  for (const w of t.watchers) {
    const pic = el('span', { class: 'avatar', 'aria-hidden': 'true' }, w.avatar ? '' : ([...w.name][0] ?? '?'));
    if (w.avatar) pic.style.backgroundImage = `url("${w.avatar}")`;
    list.append(el('li', {}, pic, el('span', { class: 'name' }, w.name)));
  }
  return list;
}

function header(ui: Ui, t: TableFrame): HTMLElement {
  const heading =
    t.phase === 'lobby'
      ? say(ui, 'lobby.title', { variant: t.variant })
      : t.standings
        ? `${t.variant}: ${t.standings.title}`
        : say(ui, 'table.heading', { variant: t.variant, deal: t.dealNo });
  return el(
    'header',
    {},
    el('h1', {}, heading),
    el('span', { class: 'money pot' }, say(ui, 'table.pot', { amount: t.pot })),
    el('span', { class: 'money reserve' }, say(ui, 'table.reserve', { amount: t.reserve })),
    watchers(ui, t),
  );
}

/** What the table waits for: the prompt (its time left filled in by `tick`), the round, what a drop costs. */
function prompt(ui: Ui, t: TableFrame): HTMLElement {
  const line = el('p', { class: 'prompt' });
  if (t.prompt) line.append(el('span', { class: 'ask', 'data-text': t.prompt }));
  if (t.passed) line.append(el('span', { class: 'passed' }, ` ${t.passed}`));
  const a = t.awaiting;
  if (a.round !== null && a.round > 1) line.append(` ${say(ui, 'turn.round', { round: a.round })}`);
  if (a.kind === 'declare')
    line.append(
      ` ${!a.canDrop ? say(ui, 'turn.noDrop') : t.dropCost > 0 ? say(ui, 'turn.dropCosts', { amount: t.dropCost }) : say(ui, 'turn.dropFree')}`,
    );
  if (t.stopRequested && t.phase !== 'over') line.append(` ${say(ui, 'table.stopping')}`);
  if (t.phase === 'lobby' && t.fair)
    line.append(
      el('span', { class: 'commit' }, ` ${say(ui, 'lobby.commitment')}: `, el('code', {}, t.fair.commitment)),
    );
  return line;
}

function countdown(ui: Ui, t: TableFrame): HTMLElement {
  const deadline = t.deadline;
  if (deadline === null) ui.countdown = null;
  else if (ui.countdown?.deadline !== deadline) {
    const left = deadline - (Date.now() + ui.skew);
    ui.countdown = { deadline, total: Math.max(1, t.countdownMs ?? left) };
  }
  return el(
    'div',
    { class: 'countdown', role: 'progressbar', 'aria-label': say(ui, 'activity.timeLeft'), 'aria-valuemin': '0' },
    el('div', { class: 'fill' }),
    el('span', { class: 'left', 'aria-hidden': 'true' }),
  );
}

/** What the side panel shows (a deal's result, a game's final standings): one key while it stays the same. */
const sideOf = (t: TableFrame) => `${t.tableId}:${t.showdown?.dealNo ?? ''}:${t.standings?.title ?? ''}`;

export function side(ui: Ui, t: TableFrame): HTMLElement | null {
  const parts = [result(ui, t), gameOver(ui, t)].filter((part) => part !== null);
  return parts.length ? el('div', { class: 'side', 'data-key': sideOf(t) }, ...parts) : null;
}

/**
 * Draws the whole table from the frame and brings the page to it (patch.ts: only what
 * changed is touched), keeping the focused control. What is new and large comes in
 * stages after the table is painted (stages.ts): hands turned over for the first time,
 * then a side panel new to the page (a showdown's hands and payments, the final
 * standings). A side that no longer belongs (the next deal) goes at once.
 */
export function render(root: HTMLElement, ui: Ui, t: TableFrame | null): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset.key;
  root.setAttribute('aria-busy', 'false');
  const before = ui.last ?? null;
  ui.last = t;
  ui.showing = new Set();
  if (!t) {
    patchChildren(root, [el('p', {}, say(ui, 'table.nobody'))]);
    return;
  }
  const hands: (() => HTMLElement)[] = [];
  const table = felt(ui, t, hands);
  const middle = el('div', { class: 'middle' }, table);
  const shown = root.querySelector<HTMLElement>(':scope > .middle > .side')?.dataset.key;
  const later = sideOf(t) !== shown;
  const now = later ? null : side(ui, t);
  if (now) middle.append(now);
  middle.classList.toggle('with-side', now !== null);
  const me = mySeat(t);
  const bottom = el('div', { class: 'bottom' });
  if (!me) bottom.append(el('p', { class: 'watching' }, say(ui, 'activity.watching')));
  else if (me.cards.length) bottom.append(yourCards(ui, t, me));
  bottom.append(actions(ui, t));
  const drawn = [header(ui, t), countdown(ui, t), prompt(ui, t), middle, bottom];
  blurIfGoing(root, drawn);
  patchChildren(root, drawn);
  ui.seen = ui.showing;
  inStages(ui, t, [
    // A hand a stage: each stage, and the paint after it, a task well short of a long one on a phone.
    ...hands.map((hand) => () => layHands(root, [hand])),
    ...(later ? [() => addSide(root, ui, t)] : []),
    // Once the new table is painted: its layout is then already made, and reading where the seats are costs nothing.
    () => animate(root, ui, before, t),
  ]);
  tick(root, ui);
  if (focused && !root.contains(document.activeElement))
    root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

/**
 * A button of the table's own (a press, a card to pick) loses its focus before the page
 * changes when the new drawing has it no more (Stay once the reveal comes): Chromium brings
 * the document's style up to date as it takes the focus from a removed element, which in
 * the middle of a patch restyles all the patch has changed so far (7 ms of a reveal's task
 * at a phone's CPU); before it, nothing is left to restyle. The panels mounted beside the
 * table (the host's Rules, the social row) keep their focus as main.ts keeps it.
 */
function blurIfGoing(root: HTMLElement, drawn: readonly HTMLElement[]): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLButtonElement) || !root.contains(active) || !active.closest('.actions, .you')) return;
  const key = active.dataset.key;
  if (!key) return;
  const selector = `[data-key="${CSS.escape(key)}"]`;
  if (!drawn.some((node) => node.matches(selector) || node.querySelector(selector))) active.blur();
}

function addSide(root: HTMLElement, ui: Ui, t: TableFrame): Stage[] {
  const middle = root.querySelector<HTMLElement>(':scope > .middle');
  const panel = side(ui, t);
  if (!middle || !panel) return [];
  const rest = laySide(middle, panel);
  ui.sideLaid?.();
  return rest;
}

/** Moves the countdown on by the server's clock, and says the time left in the prompt. */
export function tick(root: HTMLElement, ui: Ui): void {
  const bar = root.querySelector<HTMLElement>('.countdown');
  const fill = bar?.querySelector<HTMLElement>('.fill');
  const label = bar?.querySelector<HTMLElement>('.left');
  if (!bar || !fill || !label) return;
  const c = ui.countdown;
  const left = c ? Math.max(0, c.deadline - (Date.now() + ui.skew)) : 0;
  const seconds = Math.ceil(left / 1000);
  fill.style.width = c ? `${Math.min(1, left / c.total) * 100}%` : '0%';
  label.textContent = c ? number(ui, seconds, { style: 'unit', unit: 'second', unitDisplay: 'narrow' }) : '';
  bar.setAttribute('aria-valuemax', String(c ? Math.ceil(c.total / 1000) : 0));
  bar.setAttribute('aria-valuenow', String(seconds));
  bar.setAttribute('aria-valuetext', label.textContent);
  // The ring around whoever must act is the same countdown.
  const share = c ? Math.min(1, left / c.total) : 0;
  for (const seat of root.querySelectorAll<HTMLElement>('.seat.turn')) seat.style.setProperty('--left', String(share));
  const ask = root.querySelector<HTMLElement>('.prompt .ask');
  const text = ask?.dataset.text;
  if (ask && text) {
    const when = c
      ? new Intl.RelativeTimeFormat(ui.locale, { numeric: 'auto' }).format(seconds, 'second')
      : say(ui, 'turn.soon');
    ask.textContent = fillIn(ui, text, { when });
  }
}
