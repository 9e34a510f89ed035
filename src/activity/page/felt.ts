import type { SeatFrame, TableFrame } from '../frames.ts';
import { cardElement } from './cards.ts';
import { el, fresh, number, say, type Ui } from './dom.ts';

/**
 * The card table: an oval felt with the seats around it (places chosen by the seat
 * count, the receiver at the bottom), the board and the pot in the middle. Each seat:
 * its picture (Discord's avatar, else its initial on the seat's colour), name, this
 * game's net, what it is doing, its cards as the receiver may see them, and at a
 * showdown its hand and what the deal did to its chips.
 */

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

/** Whose move the table waits for: a seat asked now (its turn, or a choice all make at once and it has not made). */
function acting(t: TableFrame, s: SeatFrame): boolean {
  const a = t.awaiting;
  if (t.phase !== 'deal') return false;
  return a.turn !== null ? a.turn === s.id : a.pending.includes(s.id) && !s.decided;
}

/** The seat's picture: the Discord avatar where known, else its initial on its colour (no request for a missing picture). */
function avatar(s: SeatFrame, colour: number): HTMLElement {
  const initial = s.avatar ? '' : s.computer ? '🤖' : ([...s.name][0] ?? '?');
  const pic = el(
    'span',
    { class: `avatar c${colour}`, 'aria-hidden': 'true' },
    el('span', { class: 'initial' }, initial),
  );
  if (s.avatar) pic.style.backgroundImage = `url("${s.avatar}")`;
  return pic;
}

/** The player's newest achievement, a medal named for screen readers and on hover. */
function badge(ui: Ui, s: SeatFrame): HTMLElement | string {
  if (!s.badge) return '';
  const text = say(ui, 'activity.badge', { name: s.badge.name });
  return el('span', { class: 'badge', role: 'img', 'aria-label': text, title: text, 'data-badge': s.badge.id }, '🏅');
}

/** A seat's place on the oval's rim: the receiver (or the first seat) at the bottom, the rest clockwise. */
function place(index: number, count: number): Record<string, string> {
  const angle = (index / count) * 2 * Math.PI;
  // The stylesheet keeps a seat wholly on the table: --x and --y clamped by its size there.
  return { '--x': `${50 - 42 * Math.sin(angle)}%`, '--y': `${50 + 38 * Math.cos(angle)}%` };
}

/**
 * Where a seat's shown hand lies: nearer the middle than the seat, clear of the board
 * (side seats toward it, the top and bottom seats short of it). An upright frame (a
 * phone) has no room beside the board: there a side seat's hand lies under the seat
 * (--px, --py; the stylesheet picks by the frame's shape).
 */
function handPlace(index: number, count: number): Record<string, string> {
  const angle = (index / count) * 2 * Math.PI;
  const [sin, cos] = [Math.sin(angle), Math.cos(angle)];
  return {
    '--x': `${50 - 42 * 0.56 * sin}%`,
    '--y': `${50 + 38 * 0.72 * cos}%`,
    '--px': `${50 - 42 * 0.85 * sin}%`,
    '--py': `${50 + 38 * 0.72 * cos + 14 * Math.abs(sin)}%`,
  };
}

const placeAt = (node: HTMLElement, at: Record<string, string>) => {
  for (const [k, v] of Object.entries(at)) node.style.setProperty(k, v);
};

function seatItem(ui: Ui, t: TableFrame, s: SeatFrame, colour: number): HTMLElement {
  const down = say(ui, 'picture.faceDown');
  const won = t.showdown?.winners.includes(s.id) ?? false;
  const cards = el('div', { class: 'cards' });
  // The seat's cards as the receiver may see them (a showdown's hands are laid out apart, see `reveal`).
  if (s.id !== t.you && !t.showdown)
    s.cards.forEach((c, i) => {
      cards.append(cardElement(c, down, fresh(ui, `seat:${s.id}:${i}:${c?.code ?? ''}`) ? 'dealt' : ''));
    });
  const chips = el(
    'span',
    { class: `chips${s.chips < 0 ? ' minus' : ''}`, title: s.chipsText, 'aria-label': s.chipsText },
    number(ui, s.chips, { signDisplay: 'exceptZero' }),
  );
  const classes = ['seat', `c${colour}`];
  if (acting(t, s)) classes.push('turn');
  if (ui.speaking?.has(s.id)) classes.push('speaking');
  if (s.id === t.you) classes.push('you');
  if (won) classes.push('won');
  if (t.phase === 'deal' && s.inDeal && !s.stillIn) classes.push('folded');
  const item = el(
    'li',
    { class: classes.join(' '), 'data-seat': s.id },
    avatar(s, colour),
    el('div', { class: 'who' }, el('span', { class: 'name' }, s.name), badge(ui, s), chips),
    el('div', { class: 'status' }, seatStatus(ui, t, s)),
    cards,
  );
  const delta = t.showdown?.delta[s.id];
  if (delta)
    item.append(
      el('span', { class: `delta${delta < 0 ? ' minus' : ''}` }, number(ui, delta, { signDisplay: 'exceptZero' })),
    );
  return item;
}

/** A hand to lay on the felt: drawn now, or (turned over for the first time) drawn when its stage comes (`held`). */
type HandDrawing = () => HTMLElement;

/**
 * A hand the showdown showed, laid on the felt in front of its seat (apart from the seat
 * itself, whose own cards are only ever what the receiver may see), flipped face up; and
 * whether it is turned over for the first time.
 */
function reveal(ui: Ui, t: TableFrame, id: string, at: Record<string, string>) {
  const shown = t.showdown?.hands.find((h) => h.playerId === id);
  if (!shown) return null;
  const won = t.showdown?.winners.includes(id) ?? false;
  const flipped = fresh(ui, `reveal:${t.showdown?.dealNo}:${id}`);
  const draw: HandDrawing = () => {
    const down = say(ui, 'picture.faceDown');
    const cards = el('div', { class: 'cards' }, ...shown.cards.map((c) => cardElement(c, down)));
    const node = el(
      'div',
      { class: `reveal${won ? ' won' : ''}${flipped ? ' fresh' : ''}`, 'data-hand': id },
      cards,
      el('span', { class: 'hand-name' }, shown.name),
    );
    placeAt(node, at);
    return node;
  };
  return { flipped, draw };
}

function board(ui: Ui, t: TableFrame): HTMLElement | null {
  if (!t.board.length) return null;
  const grid = el('div', { class: 'board', role: 'group', 'aria-label': say(ui, 'activity.board') });
  // The board stays through the showdown, the cards of a winning hand lifted.
  const winning = new Set(
    t.showdown?.hands
      .filter((h) => t.showdown?.winners.includes(h.playerId))
      .flatMap((h) => h.cards.map((c) => c.code)),
  );
  for (const b of t.board) {
    const more = [
      b.card && winning.has(b.card.code) ? 'lifted' : '',
      fresh(ui, `board:${t.dealNo}:${b.pos}:${b.card?.code ?? ''}`) ? 'dealt' : '',
    ];
    const c = cardElement(b.card, say(ui, 'picture.faceDown'), more.filter(Boolean).join(' '));
    c.style.gridArea = `${b.row + 1} / ${b.col + 1}`;
    grid.append(c);
  }
  return grid;
}

/** The showdown's winners across the felt, each with what the deal gave them; a new one pops in. */
function banner(ui: Ui, t: TableFrame): HTMLElement | null {
  const r = t.showdown;
  if (!r?.winners.length) return null;
  const names = r.winners.map((id) => r.names[id] ?? t.seats.find((s) => s.id === id)?.name ?? id);
  const gains = r.winners.map((id) => r.delta[id] ?? 0).filter((n) => n !== 0);
  const text = say(ui, 'result.wins', { names: names.join(', ') });
  const node = el('div', { class: 'banner', role: 'status' }, `🏆 ${text}`);
  if (gains.length === 1)
    node.append(' ', el('span', { class: 'gain' }, number(ui, gains[0] ?? 0, { signDisplay: 'exceptZero' })));
  if (fresh(ui, `banner:${r.dealNo}`)) node.classList.add('fresh');
  return node;
}

/**
 * Chips on their way, when the frame brings them (a deal's antes to the pot, a showdown's
 * payments): each from one place to another on the felt (seats' places, the pot in the
 * middle), a CSS animation drawn with the table itself; unseen at rest, so none shows
 * under reduced motion. The first drawing of a page moves nothing.
 */
function chips(ui: Ui, t: TableFrame, places: ReadonlyMap<string, Record<string, string>>): HTMLElement[] {
  const moves: { from: string; to: string }[] = [];
  if (t.phase === 'deal' && fresh(ui, `antes:${t.dealNo}`))
    for (const s of t.seats) if (s.inDeal) moves.push({ from: s.id, to: 'pot' });
  const r = t.showdown;
  if (r && fresh(ui, `paid:${r.dealNo}`)) moves.push(...r.payments.slice(0, 16));
  if (ui.seen === undefined) return [];
  const pot = { '--x': '50%', '--y': '50%' };
  return moves.flatMap((m, i) => {
    const from = m.from === 'pot' ? pot : places.get(m.from);
    const to = m.to === 'pot' ? pot : places.get(m.to);
    if (!from || !to) return [];
    const chip = el('span', { class: 'flying-chip', 'aria-hidden': 'true' });
    chip.style.setProperty('--fx', from['--x'] ?? '50%');
    chip.style.setProperty('--fy', from['--y'] ?? '50%');
    chip.style.setProperty('--tx', to['--x'] ?? '50%');
    chip.style.setProperty('--ty', to['--y'] ?? '50%');
    chip.style.animationDelay = `${(r ? 250 : 0) + i * 80}ms`;
    return [chip];
  });
}

/**
 * The felt drawn from the frame. Hands turned over for the first time are not drawn with
 * it: their drawings go to `held`, for the stages that lay them after the table is painted
 * (stages.ts), so the frame's own task draws none of their cards.
 */
export function felt(ui: Ui, t: TableFrame, held: HandDrawing[] = []): HTMLElement {
  const seats = el('ul', { class: 'seats', 'aria-label': say(ui, 'activity.seats') });
  const places = new Map<string, Record<string, string>>();
  const me = t.seats.findIndex((s) => s.id === t.you);
  const n = t.seats.length;
  const reveals: HTMLElement[] = [];
  t.seats.forEach((s, i) => {
    const at = (i - Math.max(0, me) + n) % n;
    const item = seatItem(ui, t, s, i % 8);
    places.set(s.id, place(at, Math.max(n, 2)));
    placeAt(item, place(at, Math.max(n, 2)));
    seats.append(item);
    const shown = reveal(ui, t, s.id, handPlace(at, Math.max(n, 2)));
    if (shown?.flipped) held.push(shown.draw);
    else if (shown) reveals.push(shown.draw());
  });
  const laid = board(ui, t);
  const middle = el('div', { class: 'felt-middle' });
  if (laid) middle.append(laid);
  // The pot, and beside it a showdown's winners.
  const centre = el('div', { class: 'felt-centre' });
  const won = banner(ui, t);
  if (won) centre.append(won);
  if (t.phase !== 'lobby') centre.append(el('span', { class: 'felt-pot', 'aria-hidden': 'true' }, number(ui, t.pot)));
  if (centre.childElementCount) middle.append(centre);
  return el(
    'div',
    { class: `felt seats-${n}` },
    el('div', { class: 'oval' }),
    middle,
    ...reveals,
    seats,
    ...chips(ui, t, places),
  );
}
