import type { StandingsFrame, TableFrame } from '../frames.ts';
import { el, number, say, type Ui } from './dom.ts';

/** Game over: the final standings, best first, the night's chart, and what stays with the channel. */

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

export function gameOver(ui: Ui, t: TableFrame): HTMLElement | null {
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
  // The night's moments, as the chat's final standings tell them.
  if (st.recap.length) {
    const title = say(ui, 'recap.title');
    box.append(
      el('h3', {}, title),
      el('ul', { class: 'recap', 'aria-label': title }, ...st.recap.map((line) => el('li', {}, line))),
    );
  }
  box.append(left);
  // The place of the share-a-moment control (its own module fills it).
  box.append(el('div', { class: 'share-slot' }));
  return box;
}
