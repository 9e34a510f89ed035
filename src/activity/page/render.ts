import type { PressKind } from '../../table/press-kinds.ts';
import type { CardFace, PageStrings, SeatFrame, ShowdownFrame, StandingsFrame, TableFrame } from '../frames.ts';
import { type Choice, choices, type Label, mySeat, pickable, pickLimit, ready, togglePick } from './choices.ts';

/**
 * The table as DOM, from one frame: plain elements, every control a real button with
 * its name, every card with its text ("A♠") for screen readers and tests. Words come
 * from the receiver's catalogue; numbers and times are said by `Intl` in their language.
 */

export interface Ui {
  strings: PageStrings;
  locale: string;
  /** The server's clock minus ours (ms): the countdown follows the server's. */
  skew: number;
  picked: Set<string>;
  /** The countdown the bar shows and its whole length, kept while the deadline stays. */
  countdown: { deadline: number; total: number } | null;
  press(press: PressKind, extra?: { cards?: string[]; level?: string }): void;
  redraw(): void;
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

const number = (ui: Ui, n: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(ui.locale, options).format(n);

/** A catalogue text with its `{{name}}` places filled (numbers in the receiver's way of writing them). */
export function say(ui: Ui, key: string, vars: Record<string, string | number> = {}): string {
  return fillIn(ui, ui.strings[key] ?? key, vars);
}

function fillIn(ui: Ui, text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = vars[name];
    return typeof v === 'number' ? number(ui, v) : (v ?? '');
  });
}

const said = (ui: Ui, label: Label) => say(ui, label.key, label.vars);

function card(ui: Ui, face: CardFace | null): HTMLElement {
  if (!face) return el('span', { class: 'card down', role: 'img', 'aria-label': say(ui, 'picture.faceDown') });
  const red = face.code.endsWith('h') || face.code.endsWith('d');
  const kind = `card${red ? ' red' : ''}${face.up ? ' up' : ''}`;
  return el('span', { class: kind, role: 'img', 'aria-label': face.text }, face.text);
}

function button(label: string, key: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = el('button', { type: 'button', class: primary ? 'primary' : '', 'data-key': key }, label);
  b.addEventListener('click', onClick);
  return b;
}

/** The seat's picture: the Discord avatar where known, else its initial (no request for a missing picture). */
function avatar(s: SeatFrame): HTMLElement {
  const pic = el(
    'span',
    { class: 'avatar', 'aria-hidden': 'true' },
    s.avatar ? '' : s.computer ? '🤖' : ([...s.name][0] ?? '?'),
  );
  if (s.avatar) pic.style.backgroundImage = `url("${s.avatar}")`;
  return pic;
}

function seatStatus(ui: Ui, t: TableFrame, s: SeatFrame): string {
  const parts: string[] = [];
  const a = t.awaiting;
  if (s.dealer) parts.push(say(ui, 'seat.dealer'));
  if (s.id === t.host) parts.push(say(ui, 'lobby.host'));
  // Sat down while a deal is under way: dealt in from the next one, as the chat says.
  if (t.phase === 'deal' && !s.inDeal) parts.push(say(ui, 'seat.joinsNext'));
  if (t.phase === 'deal' && s.inDeal) {
    if (s.dead) parts.push(say(ui, 'seat.killed'));
    else if (!s.stillIn) parts.push(say(ui, 'seat.out'));
    else if (a.turn === s.id) parts.push(say(ui, 'seat.toAct'));
    else if (s.choice) parts.push(say(ui, s.choice === 'stay' ? 'seat.in' : 'seat.out'));
    else if (s.decided) parts.push(say(ui, 'seat.chosen'));
    // Played in turn: theirs comes later.
    else if (a.turn !== null) parts.push(say(ui, 'seat.waiting'));
    else if (a.pending.includes(s.id)) parts.push(say(ui, 'seat.choosing'));
    else if (['pass', 'discard', 'draw'].includes(a.kind)) parts.push(say(ui, 'seat.done'));
  }
  if (s.drawnText) parts.push(s.drawnText);
  if (s.legs > 0) parts.push(s.legsText);
  if (s.leaving) parts.push(say(ui, 'seat.leaving'));
  return parts.join(' · ');
}

function seatItem(ui: Ui, t: TableFrame, s: SeatFrame): HTMLElement {
  const cards = el('div', { class: 'cards' });
  if (s.id !== t.you) for (const c of s.cards) cards.append(card(ui, c));
  const chips = el(
    'span',
    { class: `chips${s.chips < 0 ? ' minus' : ''}`, title: s.chipsText, 'aria-label': s.chipsText },
    number(ui, s.chips, { signDisplay: 'exceptZero' }),
  );
  return el(
    'li',
    { class: `seat${t.awaiting.turn === s.id ? ' turn' : ''}${s.id === t.you ? ' you' : ''}`, 'data-seat': s.id },
    avatar(s),
    el('div', { class: 'who' }, el('span', { class: 'name' }, s.name), chips),
    el('div', { class: 'status' }, seatStatus(ui, t, s)),
    cards,
  );
}

function actions(ui: Ui, t: TableFrame): HTMLElement {
  const bar = el('div', { class: 'actions', role: 'group' });
  for (const choice of choices(t)) {
    const b = button(
      said(ui, choice.label),
      `${choice.press}:${choice.level ?? ''}`,
      () => send(ui, choice),
      choice.primary,
    );
    b.disabled = !ready(choice, ui.picked);
    bar.append(b);
  }
  return bar;
}

function send(ui: Ui, choice: Choice): void {
  if (choice.picks) ui.press(choice.press, { cards: [...ui.picked] });
  else ui.press(choice.press, choice.level ? { level: choice.level } : {});
}

function yourCards(ui: Ui, t: TableFrame, me: SeatFrame): HTMLElement {
  const picking = pickLimit(t) > 0;
  const row = el('div', { class: 'cards mine' });
  for (const face of me.cards) {
    if (!picking || !face) {
      row.append(card(ui, face));
      continue;
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
      card(ui, face),
    );
    pick.disabled = !pickable(t, face, ui.picked);
    pick.addEventListener('click', () => {
      ui.picked = togglePick(t, face, ui.picked);
      ui.redraw();
    });
    row.append(pick);
  }
  const title = say(ui, 'activity.yourCards');
  return el('section', { class: 'you', 'aria-label': title }, el('h2', {}, title), row);
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

const SVG = 'http://www.w3.org/2000/svg';

/** The night's course: each player's net chips after each deal, one line a player (the chat's chart). */
function chart(ui: Ui, st: StandingsFrame): SVGSVGElement | null {
  const deals = Math.max(0, ...st.lines.map((l) => l.points.length));
  if (deals < 2) return null;
  const all = st.lines.flatMap((l) => l.points).concat(0);
  const top = Math.max(...all);
  const span = Math.max(1, top - Math.min(...all));
  const [w, h] = [300, 120];
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  const players = st.lines.map((l) => `${l.name} ${number(ui, l.chips, { signDisplay: 'exceptZero' })}`).join(', ');
  svg.setAttribute('aria-label', say(ui, 'standings.chartAlt', { players }));
  const y = (n: number) => 4 + ((top - n) / span) * (h - 8);
  const zero = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1: 0, x2: w, y1: y(0), y2: y(0), class: 'zero' }))
    zero.setAttribute(k, String(v));
  svg.append(zero);
  st.lines.forEach((line, i) => {
    const path = document.createElementNS(SVG, 'polyline');
    const points = line.points.map((n, d) => `${((d + 1) / deals) * w},${y(n)}`);
    path.setAttribute('points', [`0,${y(0)}`, ...points].join(' '));
    path.setAttribute('class', `line c${i % 8}`);
    svg.append(path);
  });
  return svg;
}

/** Game over: the final standings, best first, the night's chart, and what stays with the channel. */
function standings(ui: Ui, t: TableFrame): HTMLElement | null {
  const st = t.standings;
  if (!st) return null;
  const list = el('ol', { class: 'standings' });
  st.lines.forEach((line, i) => {
    const chips = number(ui, line.chips, { signDisplay: 'exceptZero' });
    list.append(
      el(
        'li',
        { 'data-player': line.id },
        el('span', { class: `dot c${i % 8}`, 'aria-hidden': 'true' }),
        el('span', { class: 'name' }, line.name),
        el('span', { class: `chips${line.chips < 0 ? ' minus' : ''}` }, chips),
      ),
    );
  });
  const left = el(
    'p',
    { class: 'left-over' },
    `${say(ui, 'standings.potLeft')}: ${number(ui, st.pot)} · ${say(ui, 'standings.reserveLeft')}: ${number(ui, st.reserve)}`,
  );
  const box = el('section', { class: 'game-over', 'aria-label': st.title }, el('h2', {}, st.title), list);
  const drawn = chart(ui, st);
  if (drawn) box.append(drawn);
  box.append(left);
  return box;
}

function board(ui: Ui, t: TableFrame): HTMLElement | null {
  if (!t.board.length) return null;
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': say(ui, 'activity.board') });
  for (const b of t.board) {
    const c = card(ui, b.card);
    c.style.gridArea = `${b.row + 1} / ${b.col + 1}`;
    grid.append(c);
  }
  return grid;
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

/** Draws the whole table (a frame is small; the page redraws on every frame), keeping the focused control. */
export function render(root: HTMLElement, ui: Ui, t: TableFrame | null): void {
  const focused = (document.activeElement as HTMLElement | null)?.dataset.key;
  root.setAttribute('aria-busy', 'false');
  if (!t) {
    root.replaceChildren(el('p', {}, say(ui, 'table.nobody')));
    return;
  }
  const seats = el('ul', { class: 'seats', 'aria-label': say(ui, 'activity.seats') });
  for (const s of t.seats) seats.append(seatItem(ui, t, s));
  const middle = el('div', { class: 'middle' }, seats);
  for (const part of [board(ui, t), result(ui, t), standings(ui, t)]) if (part) middle.append(part);
  const me = mySeat(t);
  const bottom = el('div', { class: 'bottom' });
  if (!me) bottom.append(el('p', { class: 'watching' }, say(ui, 'activity.watching')));
  else if (me.cards.length) bottom.append(yourCards(ui, t, me));
  bottom.append(actions(ui, t));
  root.replaceChildren(header(ui, t), countdown(ui, t), prompt(ui, t), middle, bottom);
  tick(root, ui);
  if (focused) root.querySelector<HTMLElement>(`[data-key="${CSS.escape(focused)}"]`)?.focus();
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
  const ask = root.querySelector<HTMLElement>('.prompt .ask');
  const text = ask?.dataset.text;
  if (ask && text) {
    const when = c
      ? new Intl.RelativeTimeFormat(ui.locale, { numeric: 'auto' }).format(seconds, 'second')
      : say(ui, 'turn.soon');
    ask.textContent = fillIn(ui, text, { when });
  }
}
