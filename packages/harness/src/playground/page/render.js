// Renders Discord message JSON (discord-api-types' APIMessage) as Discord's client
// draws it: author line, content, pictures, embeds, buttons and select menus, and
// Components V2 layouts (containers, sections, text, galleries, separators). Every
// user-supplied string goes through textContent or markdownHtml (which escapes).

const EPHEMERAL = 64;
const LOADING = 128;
const COMMAND_INTERACTION = 2;
const COMPONENTS_V2 = 1 << 15;
const AVATAR_COLOURS = ['#5865f2', '#3ba55c', '#faa61a', '#ed4245', '#eb459e', '#747f8d', '#1abc9c', '#e67e22'];

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function avatar(name, size) {
  const node = el('div', `avatar ${size ?? ''}`.trim(), (name || '?').slice(0, 1).toUpperCase());
  // By name, so Ann keeps her colour from one run to the next (ids are new every run).
  const hash = [...String(name)].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) >>> 0;
  node.style.background = AVATAR_COLOURS[hash % AVATAR_COLOURS.length];
  return node;
}

function markdown(tag, className, text, ctx) {
  const node = el(tag, className);
  node.innerHTML = markdownHtml(text, ctx.names());
  return node;
}

function clockTime(iso) {
  const date = new Date(iso);
  const sameDay = date.toDateString() === new Date().toDateString();
  const time = date.toLocaleTimeString('en', { hour: 'numeric', minute: '2-digit' });
  return sameDay ? `Today at ${time}` : `${date.toLocaleDateString('en')} ${time}`;
}

function colourOf(value) {
  return `#${Number(value).toString(16).padStart(6, '0')}`;
}

/** Column spans for an embed's fields: runs of inline fields share a row, three at most. */
function fieldSpans(fields) {
  const spans = [];
  let i = 0;
  while (i < fields.length) {
    if (!fields[i].inline) {
      spans.push(12);
      i += 1;
      continue;
    }
    let run = 0;
    while (i + run < fields.length && fields[i + run].inline && run < 3) run += 1;
    for (let k = 0; k < run; k++) spans.push(12 / run);
    i += run;
  }
  return spans;
}

function renderEmbed(embed, ctx) {
  const node = el('div', 'embed');
  if (embed.color !== undefined && embed.color !== null) node.style.borderLeftColor = colourOf(embed.color);
  if (embed.author?.name) node.append(el('div', 'embed-author', embed.author.name));
  if (embed.title) node.append(markdown('div', 'embed-title', embed.title, ctx));
  if (embed.description) node.append(markdown('div', 'embed-description', embed.description, ctx));
  const fields = embed.fields ?? [];
  const spans = fieldSpans(fields);
  fields.forEach((field, i) => {
    const cell = el('div', 'embed-field');
    cell.style.gridColumn = `span ${spans[i]}`;
    cell.append(
      markdown('div', 'embed-field-name', field.name, ctx),
      markdown('div', 'embed-field-value', field.value, ctx),
    );
    node.append(cell);
  });
  const picture = embed.image?.url ?? embed.thumbnail?.url;
  if (picture) {
    const frame = el('div', 'embed-image');
    const img = el('img');
    img.src = picture;
    img.alt = 'embedded picture';
    frame.append(img);
    node.append(frame);
  }
  if (embed.footer?.text) node.append(el('div', 'embed-footer', embed.footer.text));
  return node;
}

function renderButton(message, button, ctx) {
  if (button.style === 5 && button.url) {
    const link = el('a', 'button style-5', button.label ?? '');
    link.href = button.url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    return link;
  }
  const node = el('button', `button style-${button.style}`);
  node.type = 'button';
  if (button.emoji?.name) node.append(el('span', 'emoji', button.emoji.name));
  if (button.label) node.append(el('span', 'label', button.label));
  node.disabled = Boolean(button.disabled);
  node.dataset.customId = button.custom_id;
  node.addEventListener('click', () => ctx.press(message, button.custom_id, node));
  return node;
}

function renderSelect(message, select, ctx) {
  const node = el('div', 'select');
  node.dataset.customId = select.custom_id;
  const toggle = el('button', 'select-toggle');
  toggle.type = 'button';
  toggle.disabled = Boolean(select.disabled);
  toggle.append(el('span', '', select.placeholder ?? 'Make a selection'), el('span', '', '▾'));
  const menu = el('div', 'select-menu');
  menu.hidden = true;
  const max = select.max_values ?? 1;
  const min = select.min_values ?? 1;
  const chosen = new Set();
  const submit = el('button', 'button style-1 select-submit', 'Choose');
  submit.type = 'button';
  submit.disabled = true;
  submit.addEventListener('click', () => {
    menu.hidden = true;
    ctx.select(message, select.custom_id, [...chosen], toggle);
  });
  for (const option of select.options ?? []) {
    const row = el('label', 'select-option');
    const box = el('input');
    box.type = max > 1 ? 'checkbox' : 'radio';
    box.name = select.custom_id;
    box.value = option.value;
    const text = el('span', '', option.label);
    if (option.description) text.append(el('small', '', option.description));
    row.append(box, text);
    box.addEventListener('change', () => {
      if (max === 1) {
        menu.hidden = true;
        ctx.select(message, select.custom_id, [option.value], toggle);
        return;
      }
      if (box.checked) chosen.add(option.value);
      else chosen.delete(option.value);
      submit.disabled = chosen.size < min || chosen.size > max;
    });
    menu.append(row);
  }
  if (max > 1) menu.append(submit);
  toggle.addEventListener('click', () => {
    menu.hidden = !menu.hidden;
  });
  node.append(menu, toggle);
  return node;
}

function renderActionRow(message, row, ctx) {
  const node = el('div', 'action-row');
  for (const c of row.components ?? []) {
    if (c.type === 2) node.append(renderButton(message, c, ctx));
    else if (c.type === 3) node.append(renderSelect(message, c, ctx));
  }
  return node;
}

function renderMedia(media, description, className) {
  const img = el('img', className);
  img.src = media?.url ?? '';
  img.alt = description ?? '';
  return img;
}

/**
 * A text display: Discord's markdown with its block rules: fenced code blocks whole, the
 * rest line by line: "# ", "## " and "### " headings, "-# " subtext, the rest inline markdown.
 */
function v2Text(content, ctx) {
  const node = el('div', 'v2-text');
  const lines = splitCodeBlocks(content).flatMap((part) => (part.startsWith('```') ? [part] : part.split('\n')));
  for (const line of lines) {
    const heading = /^(#{1,3}) (.*)$/.exec(line);
    const subtext = /^-# (.*)$/.exec(line);
    if (heading) node.append(markdown('div', `v2-heading h${heading[1].length}`, heading[2], ctx));
    else if (subtext) node.append(markdown('div', 'v2-subtext', subtext[1], ctx));
    else node.append(markdown('div', 'v2-line', line, ctx));
  }
  return node;
}

/** One Components V2 component (IS_COMPONENTS_V2 messages), nested ones included. */
function renderV2(message, c, ctx) {
  switch (c.type) {
    case 1:
      return renderActionRow(message, c, ctx);
    case 10:
      return v2Text(c.content ?? '', ctx);
    case 9: {
      const node = el('div', 'v2-section');
      const texts = el('div', 'v2-section-texts');
      texts.append(...(c.components ?? []).map((child) => renderV2(message, child, ctx)));
      node.append(texts);
      if (c.accessory?.type === 2) node.append(renderButton(message, c.accessory, ctx));
      else if (c.accessory?.type === 11)
        node.append(renderMedia(c.accessory.media, c.accessory.description, 'v2-thumbnail'));
      return node;
    }
    case 12: {
      const node = el('div', 'v2-gallery');
      for (const item of c.items ?? []) node.append(renderMedia(item.media, item.description, 'v2-gallery-item'));
      return node;
    }
    case 13:
      return el('div', 'v2-file', `📄 ${(c.file?.url ?? '').replace(/^attachment:\/\//, '')}`);
    case 14:
      return el('hr', `v2-separator${c.divider === false ? ' invisible' : ''}${c.spacing === 2 ? ' large' : ''}`);
    case 17: {
      const node = el('div', 'v2-container');
      if (c.accent_color !== undefined && c.accent_color !== null)
        node.style.borderLeftColor = colourOf(c.accent_color);
      node.append(...(c.components ?? []).map((child) => renderV2(message, child, ctx)));
      return node;
    }
    default:
      return el('div', 'v2-unknown', `(component type ${c.type})`);
  }
}

function renderComponents(message, ctx) {
  if ((message.flags ?? 0) & COMPONENTS_V2) return (message.components ?? []).map((c) => renderV2(message, c, ctx));
  return (message.components ?? []).filter((row) => row.type === 1).map((row) => renderActionRow(message, row, ctx));
}

/** Pictures posted with the message, except the ones an embed already shows (as Discord does). */
function loosePictures(message) {
  const shown = new Set((message.embeds ?? []).flatMap((e) => [e.image?.url, e.thumbnail?.url]).filter(Boolean));
  return (message.attachments ?? []).filter((a) => (a.content_type ?? '').startsWith('image/') && !shown.has(a.url));
}

function renderHeader(message) {
  const head = el('div', 'message-head');
  head.append(el('span', 'author', message.author.global_name ?? message.author.username));
  if (message.author.bot) head.append(el('span', 'app-tag', 'APP'));
  const time = el('time', 'time', clockTime(message.timestamp));
  time.dateTime = message.timestamp;
  head.append(time);
  return head;
}

/** "Ben used /guts start" above a command's answer, in the reader's language, the command as Ben's client names it. */
function renderReplyLine(message, ctx) {
  const meta = message.interaction_metadata;
  if (!meta || meta.type !== COMMAND_INTERACTION) return null;
  const line = el('div', 'reply-line');
  const name = meta.user.global_name ?? meta.user.username;
  line.append(avatar(name, 'tiny'));
  // The sentence's words around the name and the command, in the order the language puts them.
  for (const part of ctx.texts().used.split(/(\{\{user\}\}|\{\{command\}\})/)) {
    if (part === '{{user}}') line.append(el('strong', '', name));
    else if (part === '{{command}}') line.append(el('span', 'used', message.command_line ?? '/'));
    else if (part) line.append(document.createTextNode(part));
  }
  return line;
}

/** One message as an element; `ctx` = { names(), texts(), press, select, dismiss, failed(id) }. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function renderMessage(message, ctx) {
  const flags = message.flags ?? 0;
  const node = el('article', 'message');
  node.dataset.id = message.id;
  if (flags & EPHEMERAL) node.classList.add('ephemeral');
  const reply = renderReplyLine(message, ctx);
  if (reply) node.append(reply);
  // What `groupMessages` compares: Discord runs one author's messages together.
  node.dataset.author = message.author.id;
  node.dataset.time = String(Date.parse(message.timestamp));
  node.dataset.standalone = String(Boolean(reply) || Boolean(flags & EPHEMERAL));
  const name = message.author.global_name ?? message.author.username;
  const body = el('div', 'message-body');
  node.append(avatar(name), body);
  body.append(renderHeader(message));
  if (flags & LOADING) body.append(el('div', 'content thinking', `${name} is thinking…`));
  if (message.content) {
    const content = markdown('div', emojiOnly(message.content) ? 'content jumbo' : 'content', message.content, ctx);
    if (message.edited_timestamp) content.append(el('span', 'edited', '(edited)'));
    body.append(content);
  }
  for (const picture of loosePictures(message)) {
    const img = el('img', 'attachment-image');
    img.src = picture.url;
    img.alt = picture.description ?? picture.filename;
    img.title = picture.description ?? '';
    body.append(img);
  }
  for (const embed of message.embeds ?? []) body.append(renderEmbed(embed, ctx));
  body.append(...renderComponents(message, ctx));
  const failure = ctx.failed(message.id);
  if (failure !== undefined) {
    const note = el('div', 'interaction-failed', ctx.texts().interactionFailed);
    note.dataset.reason = failure;
    body.append(note);
  }
  if (flags & EPHEMERAL) {
    const note = el('div', 'ephemeral-note');
    const dismiss = el('button', '', ctx.texts().dismiss);
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => ctx.dismiss(message.id));
    note.append(el('span', '', `👁 ${ctx.texts().onlyYou} ·`), dismiss);
    body.append(note);
  }
  return node;
}

const GROUP_WINDOW_MS = 7 * 60 * 1000;

/** Drops the avatar and name line of a message that follows its author's previous one closely. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function groupMessages(box) {
  let previous = null;
  for (const node of box.querySelectorAll('.message')) {
    const grouped =
      previous !== null &&
      node.dataset.standalone === 'false' &&
      previous.dataset.standalone === 'false' &&
      previous.dataset.author === node.dataset.author &&
      Number(node.dataset.time) - Number(previous.dataset.time) < GROUP_WINDOW_MS;
    node.classList.toggle('grouped', grouped);
    previous = node;
  }
}
