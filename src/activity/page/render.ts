import type { CardFace, PageStrings, SeatFrame, TableFrame } from '../frames.ts';

/**
 * The table as DOM, from one frame: plain elements, every control a real button with
 * its name, every card with its text ("A♠") for screen readers and tests.
 */

export interface Ui {
  strings: PageStrings;
  locale: string;
  /** The server's clock minus ours (ms): the countdown follows the server's. */
  skew: number;
  picked: Set<string>;
  press(press: string, extra?: { cards?: string[]; level?: string }): void;
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

/** A catalogue text with its `{{name}}` places filled. */
export function say(ui: Ui, key: string, vars: Record<string, string | number> = {}): string {
  const text = ui.strings[key] ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const v = vars[name];
    return typeof v === 'number' ? new Intl.NumberFormat(ui.locale).format(v) : (v ?? '');
  });
}

function card(face: CardFace | null, extra = ''): HTMLElement {
  if (!face) return el('span', { class: `card down ${extra}`, role: 'img', 'aria-label': '🂠' }, '');
  const red = face.code.endsWith('h') || face.code.endsWith('d');
  return el('span', { class: `card ${red ? 'red' : ''} ${extra}`, role: 'img', 'aria-label': face.text }, face.text);
}

function button(label: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = el('button', { type: 'button', class: primary ? 'primary' : '' }, label);
  b.addEventListener('click', onClick);
  return b;
}

function seatStatus(ui: Ui, t: TableFrame, s: SeatFrame): string {
  const parts: string[] = [];
  if (s.dealer) parts.push(say(ui, 'seat.dealer'));
  if (s.id === t.host) parts.push(say(ui, 'lobby.host'));
  if (t.phase === 'deal' && s.inDeal) {
    if (s.dead) parts.push(say(ui, 'seat.killed'));
    else if (!s.stillIn) parts.push(say(ui, 'seat.out'));
    else if (t.awaiting.turn === s.id) parts.push(say(ui, 'seat.toAct'));
    else if (s.choice) parts.push(say(ui, s.choice === 'stay' ? 'button.stay' : 'button.drop'));
    else if (s.decided) parts.push(say(ui, 'seat.chosen'));
    else if (t.awaiting.pending.includes(s.id)) parts.push(say(ui, 'seat.choosing'));
  }
  if (s.legs > 0) parts.push(s.legsText);
  if (s.leaving) parts.push(say(ui, 'seat.leaving'));
  return parts.join(' · ');
}

function actions(ui: Ui, t: TableFrame): HTMLElement {
  const bar = el('div', { class: 'actions', role: 'group' });
  const me = t.seats.find((s) => s.id === t.you);
  const a = t.awaiting;
  if (!me) {
    if (t.phase === 'lobby' || t.phase === 'between-deals')
      bar.append(button(say(ui, 'button.join'), () => ui.press('join'), true));
    return bar;
  }
  if (t.phase === 'lobby') {
    bar.append(button(say(ui, 'button.deal'), () => ui.press('deal'), true));
    bar.append(button(say(ui, 'button.leave'), () => ui.press('leave')));
    if (t.you === t.host) {
      for (const level of ['cautious', 'balanced', 'bold'] as const)
        bar.append(button(say(ui, `lobby.${level}`), () => ui.press('computer', { level })));
      if (t.seats.some((s) => s.computer))
        bar.append(button(say(ui, 'button.removeComputer'), () => ui.press('removeComputer')));
    }
    return bar;
  }
  const mine = a.pending.includes(me.id) && (a.turn === null || a.turn === me.id);
  if (a.kind === 'declare' && mine) {
    bar.append(button(say(ui, 'button.stay'), () => ui.press('stay'), true));
    if (a.canDrop)
      bar.append(
        button(t.dropCost > 0 ? say(ui, 'button.dropCosts', { amount: t.dropCost }) : say(ui, 'button.drop'), () =>
          ui.press('drop'),
        ),
      );
  } else if (a.kind === 'take' && mine) {
    bar.append(button(say(ui, 'button.takeOne'), () => ui.press('take'), true));
    bar.append(button(say(ui, 'button.drop'), () => ui.press('drop')));
  } else if ((a.kind === 'discard' || a.kind === 'draw') && mine) {
    bar.append(button(say(ui, 'activity.swap'), () => ui.press('swap', { cards: [...ui.picked] }), true));
    bar.append(button(say(ui, 'button.keep'), () => ui.press('keep')));
  } else if (a.kind === 'pass' && mine) {
    bar.append(button(say(ui, 'activity.pass'), () => ui.press('pass', { cards: [...ui.picked] }), true));
  }
  return bar;
}

function yourCards(ui: Ui, t: TableFrame, me: SeatFrame): HTMLElement {
  const picking = ['pass', 'discard', 'draw'].includes(t.awaiting.kind) && t.awaiting.pending.includes(me.id);
  const row = el('div', { class: 'cards mine' });
  for (const face of me.cards) {
    if (picking && face) {
      const pick = el(
        'button',
        { type: 'button', 'aria-pressed': String(ui.picked.has(face.code)), 'aria-label': face.text, class: 'pick' },
        card(face, ui.picked.has(face.code) ? 'picked' : ''),
      );
      pick.addEventListener('click', () => {
        if (ui.picked.has(face.code)) ui.picked.delete(face.code);
        else ui.picked.add(face.code);
        ui.redraw();
      });
      row.append(pick);
    } else row.append(card(face));
  }
  return el(
    'section',
    { class: 'you', 'aria-label': say(ui, 'activity.yourCards') },
    el('h2', {}, say(ui, 'activity.yourCards')),
    row,
  );
}

function result(ui: Ui, t: TableFrame): HTMLElement | null {
  const r = t.showdown;
  if (!r) return null;
  const name = (id: string) => t.seats.find((s) => s.id === id)?.name ?? id;
  const box = el(
    'section',
    { class: 'result', 'aria-label': say(ui, 'result.hands') },
    el('h2', {}, say(ui, 'result.hands')),
  );
  for (const h of r.hands) {
    const line = el('div', { class: 'hand' }, `${r.winners.includes(h.playerId) ? '🏆 ' : ''}${name(h.playerId)}: `);
    for (const c of h.cards) line.append(card(c));
    line.append(` ${h.name}`);
    box.append(line);
  }
  if (r.payments.length) {
    const list = el('ul', { 'aria-label': say(ui, 'result.payments') });
    for (const p of r.payments)
      list.append(
        el('li', {}, `${name(p.from)} → ${name(p.to)}: ${new Intl.NumberFormat(ui.locale).format(p.amount)}`),
      );
    box.append(el('h2', {}, say(ui, 'result.payments')), list);
  }
  if (r.proof) {
    box.append(
      el(
        'details',
        { class: 'fair' },
        el('summary', {}, say(ui, 'button.verify')),
        el('p', {}, `${say(ui, 'verify.commitment')}: ${r.proof.commitment}`),
        el('p', {}, `${say(ui, 'verify.seed')}: ${r.proof.serverSeed}`),
        el('p', {}, `${say(ui, 'verify.clientSeed')}: ${r.proof.clientSeed}`),
      ),
    );
  }
  return box;
}

/** Draws the whole table (a frame is small; the page redraws on every frame). */
export function render(root: HTMLElement, ui: Ui, t: TableFrame | null): void {
  root.setAttribute('aria-busy', 'false');
  if (!t) {
    root.replaceChildren(el('p', {}, say(ui, 'table.nobody')));
    return;
  }
  const heading =
    t.phase === 'lobby'
      ? say(ui, 'lobby.title', { variant: t.variant })
      : say(ui, 'table.heading', { variant: t.variant, deal: t.dealNo });
  const header = el(
    'header',
    {},
    el('h1', {}, heading),
    el('span', { class: 'money pot' }, say(ui, 'table.pot', { amount: t.pot })),
    el('span', { class: 'money reserve' }, say(ui, 'table.reserve', { amount: t.reserve })),
  );
  if (t.awaiting.round !== null) header.append(el('span', {}, say(ui, 'turn.round', { round: t.awaiting.round })));
  if (t.awaiting.kind === 'declare' && t.awaiting.canDrop)
    header.append(
      el('span', {}, t.dropCost > 0 ? say(ui, 'turn.dropCosts', { amount: t.dropCost }) : say(ui, 'turn.dropFree')),
    );
  if (t.stopRequested) header.append(el('span', {}, say(ui, 'table.stopping')));
  const bar = el(
    'div',
    { class: 'countdown', role: 'progressbar', 'aria-label': say(ui, 'activity.timeLeft') },
    el('div'),
  );
  if (t.deadline) bar.dataset.deadline = String(t.deadline);
  const seats = el('ul', { class: 'seats' });
  const me = t.seats.find((s) => s.id === t.you);
  for (const s of t.seats) {
    const cards = el('div', { class: 'cards' });
    if (s.id !== t.you) for (const c of s.cards) cards.append(card(c));
    seats.append(
      el(
        'li',
        { class: `seat${t.awaiting.turn === s.id ? ' turn' : ''}${s.id === t.you ? ' you' : ''}`, 'data-seat': s.id },
        el('div', { class: 'name' }, `${s.computer ? '🤖 ' : ''}${s.name}`),
        el('div', { class: 'status' }, seatStatus(ui, t, s)),
        cards,
      ),
    );
  }
  const board = t.board.length
    ? el('div', { class: 'cards board', 'aria-label': 'board' }, ...t.board.map((b) => card(b.card)))
    : null;
  const middle = el('div', { class: 'middle' }, seats);
  if (board) middle.append(board);
  const shown = result(ui, t);
  if (shown) middle.append(shown);
  const bottom = el('div', { class: 'bottom' });
  if (me) bottom.append(yourCards(ui, t, me));
  else bottom.append(el('p', {}, say(ui, 'activity.watching')));
  bottom.append(actions(ui, t));
  root.replaceChildren(header, bar, middle, bottom);
  tick(root, ui);
}

/** Moves the countdown bar on, by the server's clock. */
export function tick(root: HTMLElement, ui: Ui): void {
  const bar = root.querySelector<HTMLElement>('.countdown');
  const fill = bar?.firstElementChild as HTMLElement | null;
  if (!bar || !fill) return;
  const deadline = Number(bar.dataset.deadline ?? 0);
  const left = deadline ? Math.max(0, deadline - (Date.now() + ui.skew)) : 0;
  const start = Number(bar.dataset.start ?? (bar.dataset.start = String(left || 1)));
  const share = deadline ? Math.min(1, left / start) : 0;
  fill.style.width = `${share * 100}%`;
  bar.setAttribute('aria-valuenow', String(Math.round(left / 1000)));
}
