// The playground page: plays one seat at a time in one place (the server channel or the
// seats' group DM), shows it as that seat sees it (live, from the server's event
// stream), and sends its commands and presses there. This file holds the page's state
// and draws it; app.js, loaded after it, holds the controls.

const page = {
  seat: null,
  seats: [],
  /** 'server' or 'group-dm', and each one's channel: { server: { id, name }, 'group-dm': { id, memberIds } }. */
  place: 'server',
  places: {},
  commands: [],
  /** What the client itself says, by locale (the server's /api/state `texts`). */
  texts: {},
  users: new Map(),
  messages: new Map(),
  dismissed: new Set(),
  failures: new Map(),
  events: null,
  hints: null,
  hintIndex: -1,
};

const $ = (id) => document.getElementById(id);
const messagesBox = $('messages');
const commandInput = $('command');

async function api(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(answer.error ?? `HTTP ${response.status}`);
  return answer;
}

const byId = (a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/** The channel on screen, as the server's endpoints take it. */
const here = () => page.places[page.place].id;

/** An unnamed group DM is called by its members, as Discord's client calls it. */
function groupDmName() {
  return page.places['group-dm'].memberIds.map((id) => page.users.get(id) ?? id).join(', ');
}

/** The language the seat on screen reads Discord in. */
function seatLocale() {
  return page.seats.find((s) => s.name === page.seat)?.locale ?? 'en-US';
}

/** What this seat's Discord client says, in its language. */
function clientTexts() {
  return page.texts[seatLocale()] ?? page.texts['en-US'];
}

/** What the header, the title and the command box call the place on screen. */
function placeLabel() {
  return page.place === 'server' ? `#${page.places.server.name}` : groupDmName();
}

function inGroupDm(name) {
  const seat = page.seats.find((s) => s.name === name);
  return Boolean(seat && page.places['group-dm'].memberIds.includes(seat.id));
}

const renderContext = {
  // Mentions and timestamps as this seat's Discord client shows them.
  names: () => ({
    user: (id) => page.users.get(id),
    channel: (id) => {
      if (id === page.places.server.id) return page.places.server.name;
      return id === page.places['group-dm'].id ? groupDmName() : undefined;
    },
    locale: seatLocale(),
  }),
  texts: clientTexts,
  failed: (id) => page.failures.get(id),
  dismiss(id) {
    page.dismissed.add(id);
    drawMessages();
  },
  async press(message, customId, button) {
    const answer = await interact(message, button, () =>
      api('/api/press', { seat: page.seat, channel: here(), messageId: message.id, customId }),
    );
    if (answer?.modal) {
      const { interactionId } = answer.modal;
      showForm(answer.modal, async (values) => {
        try {
          const sent = await api('/api/modal', { seat: page.seat, interactionId, values });
          if (sent.activity) openActivity(sent.activity);
          return sent.ok ? null : clientTexts().interactionFailed;
        } catch {
          return clientTexts().interactionFailed;
        }
      });
    }
  },
  select(message, customId, values, toggle) {
    const body = { seat: page.seat, channel: here(), messageId: message.id, customId, values };
    return interact(message, toggle, () => api('/api/select', body));
  },
};

/**
 * Runs a press or a pick. When it fails (the bot did not answer, or Discord refused it: a
 * button a newer version of the message no longer has), the message says what Discord's
 * client says, "This interaction failed", and nothing of why: the reason is kept for a
 * developer's inspector only.
 */
async function interact(message, control, send) {
  control.classList.add('pending');
  page.failures.delete(message.id);
  let answer = null;
  try {
    answer = await send();
    if (!answer.ok) page.failures.set(message.id, answer.error ?? '');
    if (answer.activity) openActivity(answer.activity);
  } catch (err) {
    page.failures.set(message.id, err.message);
  }
  control.classList.remove('pending');
  if (page.failures.has(message.id)) drawMessage(page.messages.get(message.id));
  return answer;
}

function nearBottom() {
  return messagesBox.scrollHeight - messagesBox.scrollTop - messagesBox.clientHeight < 120;
}

/** After a change: regroup, and follow the newest message if the reader was at the bottom. */
function settle(stick) {
  groupMessages(messagesBox);
  if (stick) messagesBox.scrollTop = messagesBox.scrollHeight;
}

// Pictures load after their message is drawn; stay at the bottom if the reader was there.
let stuckToBottom = true;
messagesBox.addEventListener('scroll', () => {
  stuckToBottom = nearBottom();
});
messagesBox.addEventListener(
  'load',
  () => {
    if (stuckToBottom) messagesBox.scrollTop = messagesBox.scrollHeight;
  },
  true,
);

function welcome() {
  const box = el('div', 'welcome');
  if (page.place === 'server') {
    box.append(el('h1', '', `Welcome to ${placeLabel()}!`));
    box.append(el('p', '', 'This is the real guts bot on a local Discord. Type / for commands, or try one:'));
  } else {
    box.append(el('h1', '', placeLabel()));
    box.append(
      el(
        'p',
        '',
        'A group DM: the bot is not in it. Each seat installed the app on their own account, so it answers ' +
          'your commands and buttons here, and nothing else. Type / for commands, or try one:',
      ),
    );
  }
  const tries = el('div', 'try');
  for (const line of ['/guts start variant:iron-cross ante:10', '/guts rules variant:three-card', '/guts help']) {
    const button = el('button', '', line);
    button.type = 'button';
    button.addEventListener('click', () => {
      commandInput.value = line;
      commandInput.focus();
      updateHints();
    });
    tries.append(button);
  }
  box.append(tries);
  // Where the seats are depends on the width: beside the channel, or behind the name at the top on a phone.
  box.append(
    el(
      'p',
      '',
      'Switch seats under Play as (on a phone, tap your name at the top) to join as Ben, Cat or Dan and press their buttons.',
    ),
  );
  return box;
}

function visibleMessages() {
  return [...page.messages.values()].filter((m) => !page.dismissed.has(m.id)).sort((a, b) => byId(a.id, b.id));
}

function drawMessages() {
  const stick = nearBottom();
  messagesBox.replaceChildren(welcome(), ...visibleMessages().map((m) => renderMessage(m, renderContext)));
  settle(stick);
}

/**
 * Replaces one message in place (or inserts it in order) so open menus elsewhere stay open,
 * and a menu open on this message too: Discord's client keeps a select open while another
 * player's press edits its message (a host picking a computer player as someone joins).
 */
function drawMessage(message) {
  if (!message || page.dismissed.has(message.id)) return;
  const stick = nearBottom();
  const node = renderMessage(message, renderContext);
  const old = messagesBox.querySelector(`[data-id="${CSS.escape(message.id)}"]`);
  if (old) {
    keepMenusOpen(old, node);
    old.replaceWith(node);
  } else {
    const next = [...messagesBox.querySelectorAll('.message')].find((m) => byId(m.dataset.id, message.id) > 0);
    messagesBox.insertBefore(node, next ?? null);
  }
  settle(stick);
}

/** Opens in `next` each menu open in `old` (the same message, drawn again), with its ticks, unless now disabled. */
function keepMenusOpen(old, next) {
  for (const select of old.querySelectorAll('.select')) {
    const menu = select.querySelector('.select-menu');
    if (!menu || menu.hidden) continue;
    const again = next.querySelector(`.select[data-custom-id="${CSS.escape(select.dataset.customId)}"]`);
    if (!again || again.querySelector('.select-toggle').disabled) continue;
    again.querySelector('.select-menu').hidden = false;
    // A menu of several picks keeps what was ticked (a single pick is sent at once, so none is).
    for (const box of select.querySelectorAll('input[type="checkbox"]:checked')) {
      const same = again.querySelector(`input[type="checkbox"][value="${CSS.escape(box.value)}"]`);
      if (same && !same.checked) {
        same.checked = true;
        same.dispatchEvent(new Event('change'));
      }
    }
  }
}

function drawSeats() {
  const list = $('seats');
  list.replaceChildren(
    ...page.seats.map((seat) => {
      const item = el('li');
      const button = el('button', 'seat');
      button.type = 'button';
      button.dataset.seat = seat.name;
      button.setAttribute('aria-pressed', String(seat.name === page.seat));
      button.append(avatar(seat.name, 'small'), el('span', '', seat.name));
      if (seat.name === page.seat) button.append(el('span', 'you', 'you'));
      button.addEventListener('click', () => switchSeat(seat.name));
      item.append(button);
      return item;
    }),
  );
  const seat = page.seats.find((s) => s.name === page.seat);
  if (seat) {
    $('seat-locale').value = seat.locale;
    $('seat-menu').textContent = `${seat.name} · ${seat.locale}`;
    $('seat-menu').title = `Playing as ${seat.name}, Discord in ${seat.locale}: pick another seat or language`;
  }
  drawPlaces();
}

/** The channel list and the header: which place is on screen, and whether this seat may open the group DM. */
function drawPlaces() {
  $('group-dm-name').textContent = groupDmName();
  for (const link of document.querySelectorAll('.places [data-place]')) {
    const place = link.dataset.place;
    if (place === page.place) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
    const shut = place === 'group-dm' && !inGroupDm(page.seat);
    link.disabled = shut;
    link.title = shut ? `${page.seat} is not in this group DM (it holds ten people)` : '';
  }
  $('place-hash').hidden = page.place !== 'server';
  $('place-name').textContent = page.place === 'server' ? page.places.server.name : groupDmName();
  $('place-topic').textContent =
    page.place === 'server'
      ? 'guts poker with the real bot, no Discord needed'
      : 'the app through its members’ user installs';
  document.title = `${placeLabel()} · guts playground`;
  // A phone's box is too narrow for the whole sentence: the place alone, as Discord says it
  // (the seat is named at the top there).
  commandInput.placeholder = onPhone.matches
    ? `Message ${placeLabel()}`
    : `Message ${placeLabel()} as ${page.seat}: type / for commands`;
}

/** The width at which the page lays itself out for a phone (layout.css's media query). */
const onPhone = matchMedia('(max-width: 600px)');
onPhone.addEventListener('change', () => drawPlaces());

/** Each Discord locale by its own name ("Deutsch", "日本語"), as a client's language menu shows it. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function drawLocales(locales) {
  const name = (code) => {
    try {
      return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    } catch {
      return code;
    }
  };
  $('seat-locale').replaceChildren(
    ...locales.map((code) => {
      const option = el('option', '', `${name(code)} (${code})`);
      option.value = code;
      return option;
    }),
  );
}

function setSeats(seats, groupDm) {
  page.seats = seats;
  for (const seat of seats) page.users.set(seat.id, seat.name);
  if (groupDm) page.places['group-dm'] = groupDm;
  drawSeats();
}

/** Plays as `name`, where the page is: the server channel if `name` is not in the group DM. */
function switchSeat(name) {
  page.seat = name;
  localStorage.setItem('guts-playground-seat', name);
  if (!inGroupDm(name)) page.place = 'server';
  watch();
}

/** Shows `place` ('server' or 'group-dm') as the current seat sees it. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function switchPlace(place) {
  page.place = place;
  localStorage.setItem('guts-playground-place', place);
  watch();
}

/** Watches the place as the seat: a fresh stream, whose first event is everything that seat sees there. */
function watch() {
  const name = page.seat;
  const place = page.place;
  page.messages.clear();
  page.failures.clear();
  delete messagesBox.dataset.seat;
  delete messagesBox.dataset.place;
  drawSeats();
  drawActivity();
  page.events?.close();
  const events = new EventSource(`/events?seat=${encodeURIComponent(name)}&channel=${encodeURIComponent(here())}`);
  page.events = events;
  const connection = $('connection');
  connection.textContent = 'connecting…';
  connection.classList.remove('live');
  events.addEventListener('open', () => {
    connection.textContent = `live as ${name}`;
    connection.classList.add('live');
  });
  events.addEventListener('error', () => {
    connection.textContent = 'reconnecting…';
    connection.classList.remove('live');
  });
  events.addEventListener('snapshot', (e) => {
    page.messages = new Map(JSON.parse(e.data).messages.map((m) => [m.id, m]));
    drawMessages();
    // Says whose view of which place is on screen: lets a test (or a curious user) know the switch is done.
    messagesBox.dataset.seat = name;
    messagesBox.dataset.place = place;
    messagesBox.scrollTop = messagesBox.scrollHeight;
  });
  events.addEventListener('message', (e) => {
    const message = JSON.parse(e.data);
    page.messages.set(message.id, message);
    drawMessage(message);
  });
  events.addEventListener('delete', (e) => {
    const { id } = JSON.parse(e.data);
    page.messages.delete(id);
    messagesBox.querySelector(`[data-id="${CSS.escape(id)}"]`)?.remove();
    groupMessages(messagesBox);
  });
  events.addEventListener('seats', (e) => {
    const { seats, groupDm } = JSON.parse(e.data);
    setSeats(seats, groupDm);
  });
}
