// The playground page's controls (after view.js, which draws what the seat sees): the
// command box with its hints, the seat's language, the places, adding a seat; then boot.

// ---- the command box ----

function drawHints() {
  const box = $('hints');
  const hints = page.hints;
  if (!hints || (hints.items.length === 0 && !hints.title)) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const rows = hints.items.map((item, i) => {
    const row = el('div', 'hint');
    row.setAttribute('role', 'option');
    row.setAttribute('aria-selected', String(i === page.hintIndex));
    row.append(el('span', 'hint-name', item.label));
    if (item.type) row.append(el('span', 'hint-type', item.type));
    if (item.required) row.append(el('span', 'hint-required', clientTexts().required));
    row.append(el('span', 'hint-desc', item.description ?? ''));
    row.addEventListener('mousedown', (e) => {
      e.preventDefault();
      complete(item);
    });
    return row;
  });
  box.replaceChildren(el('div', 'hint-title', hints.title), ...rows);
}

function updateHints() {
  const names = page.seats.map((s) => s.name);
  const line = commandInput.value;
  page.hints = commandHints(line, page.commands, names, seatLocale(), clientTexts());
  page.hintIndex = page.hints?.items.length ? 0 : -1;
  drawHints();
  const wanted = page.hints?.autocomplete;
  if (wanted) void autocompleteHints(line, wanted);
}

/** An autocomplete option's choices, from the bot (an autocomplete interaction), shown if still current. */
async function autocompleteHints(line, { option, typed, from }) {
  let choices = [];
  try {
    ({ choices } = await api('/api/autocomplete', { seat: page.seat, channel: here(), line, option }));
  } catch {
    return; // half-typed: no suggestions yet
  }
  if (commandInput.value !== line || !page.hints) return;
  page.hints.items = choices.map((c) => ({
    label: String(c.value),
    description: c.name,
    insert: `${typed}:${c.value} `,
    from,
  }));
  page.hintIndex = page.hints.items.length ? 0 : -1;
  drawHints();
}

function complete(item) {
  commandInput.value = commandInput.value.slice(0, item.from) + item.insert;
  commandInput.focus();
  updateHints();
}

async function sendCommand() {
  const line = commandInput.value.trim();
  const error = $('command-error');
  error.textContent = '';
  if (!line) return;
  if (!line.startsWith('/')) {
    error.textContent = 'The playground sends slash commands only: start with /';
    return;
  }
  commandInput.disabled = true;
  try {
    const answer = await api('/api/command', { seat: page.seat, channel: here(), line });
    // Not ok: the bot did not acknowledge in 3 s.
    if (answer.ok) commandInput.value = '';
    else error.textContent = clientTexts().noResponse;
    if (answer.activity) openActivity(answer.activity);
  } catch (err) {
    error.textContent = err.message;
  }
  commandInput.disabled = false;
  commandInput.focus();
  updateHints();
}

commandInput.addEventListener('input', updateHints);
commandInput.addEventListener('focus', updateHints);
commandInput.addEventListener('blur', () => {
  $('hints').hidden = true;
});
commandInput.addEventListener('keydown', (e) => {
  const items = page.hints?.items ?? [];
  if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && items.length) {
    e.preventDefault();
    page.hintIndex = (page.hintIndex + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length;
    drawHints();
  } else if (e.key === 'Tab' && items.length) {
    e.preventDefault();
    complete(items[Math.max(page.hintIndex, 0)]);
  } else if (e.key === 'Escape') {
    $('hints').hidden = true;
  }
});
$('command-form').addEventListener('submit', (e) => {
  e.preventDefault();
  sendCommand();
});

// The seat's Discord client switches language: its answers come in it, the table keeps the server's.
$('seat-locale').addEventListener('change', async (e) => {
  $('seat-error').textContent = '';
  try {
    const changed = await api('/api/seats/locale', { seat: page.seat, locale: e.target.value });
    setSeats(page.seats.map((s) => (s.name === changed.name ? changed : s)));
    drawMessages(); // timestamps in the new language
  } catch (err) {
    $('seat-error').textContent = err.message;
  }
});

// On a phone the seats and the language sit behind a button that names the seat.
function openSeatMenu(open) {
  document.querySelector('.sidebar').classList.toggle('open', open);
  $('seat-menu').setAttribute('aria-expanded', String(open));
}
$('seat-menu').addEventListener('click', () => openSeatMenu($('seat-menu').getAttribute('aria-expanded') !== 'true'));
$('seats').addEventListener('click', (e) => {
  if (e.target.closest('.seat')) openSeatMenu(false);
});

for (const link of document.querySelectorAll('.places [data-place]')) {
  link.addEventListener('click', () => switchPlace(link.dataset.place));
}

$('add-seat').addEventListener('submit', async (e) => {
  e.preventDefault();
  const input = $('seat-name');
  $('seat-error').textContent = '';
  try {
    const seat = await api('/api/seats', { name: input.value });
    input.value = '';
    // The stream's "seats" event may be lost with the stream the switch closes: ask.
    const state = await (await fetch('/api/state')).json();
    setSeats(state.seats, state.groupDm);
    switchSeat(seat.name);
  } catch (err) {
    $('seat-error').textContent = err.message;
  }
});

async function boot() {
  const state = await (await fetch('/api/state')).json();
  page.commands = state.commands;
  page.texts = state.texts;
  page.users.set(state.bot.id, state.bot.name);
  page.places = { server: state.channel, 'group-dm': state.groupDm };
  activity.origin = state.activity.origin;
  page.place = localStorage.getItem('guts-playground-place') === 'group-dm' ? 'group-dm' : 'server';
  drawLocales(state.locales);
  setSeats(state.seats);
  const remembered = localStorage.getItem('guts-playground-seat');
  switchSeat(state.seats.some((s) => s.name === remembered) ? remembered : state.seats[0].name);
  setInterval(() => tickTimestamps(document), 1000);
}

boot();
