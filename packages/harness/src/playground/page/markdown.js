// Discord markdown, the parts the bot uses: **bold**, *italic*, __underline__,
// ~~strike~~, `code`, ``code with ` in it``, ```fenced blocks```, backslash escapes (`\(` shows as `(`), <@user> and <#channel>
// mentions, <t:UNIX:STYLE> timestamps in the reader's language (relative ones tick live)
// and <:name:id> custom emojis (the pictures the local Discord serves). Text is escaped
// first; only the tags made here are HTML.

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const RELATIVE_STEPS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 25 seconds", "vor 3 Minuten": Discord's `R` style, in the reader's `locale`. */
function relativeTime(unixSeconds, nowMs, locale) {
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const delta = unixSeconds - Math.round(nowMs / 1000);
  for (const [unit, seconds] of RELATIVE_STEPS) {
    if (Math.abs(delta) >= seconds || unit === 'second') {
      return relativeFormat.format(Math.trunc(delta / seconds), unit);
    }
  }
  return '';
}

const TIMESTAMP_STYLES = {
  t: { timeStyle: 'short' },
  T: { timeStyle: 'medium' },
  d: { dateStyle: 'short' },
  D: { dateStyle: 'long' },
  f: { dateStyle: 'long', timeStyle: 'short' },
  F: { dateStyle: 'full', timeStyle: 'short' },
};

function timestampText(unixSeconds, style, nowMs, locale) {
  if (style === 'R') return relativeTime(unixSeconds, nowMs, locale);
  return new Intl.DateTimeFormat(locale, TIMESTAMP_STYLES[style] ?? TIMESTAMP_STYLES.f).format(unixSeconds * 1000);
}

function timestampHtml(unixSeconds, style, locale) {
  const title = escapeHtml(timestampText(unixSeconds, 'F', Date.now(), locale));
  const text = escapeHtml(timestampText(unixSeconds, style, Date.now(), locale));
  const attributes = `data-unix="${unixSeconds}" data-style="${style}" data-locale="${escapeHtml(locale)}"`;
  return `<span class="timestamp" ${attributes} title="${title}">${text}</span>`;
}

/** Re-renders every relative timestamp on the page: called once a second. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function tickTimestamps(root) {
  for (const el of root.querySelectorAll('.timestamp[data-style="R"]')) {
    el.textContent = relativeTime(Number(el.dataset.unix), Date.now(), el.dataset.locale);
  }
}

function emphasis(html) {
  return html
    .replace(/\*\*(.+?)\*\*/gs, '<strong>$1</strong>')
    .replace(/__(.+?)__/gs, '<u>$1</u>')
    .replace(/~~(.+?)~~/gs, '<s>$1</s>')
    .replace(/(^|[^*\w])\*(?!\s)([^*]+?)\*(?!\w)/g, '$1<em>$2</em>');
}

const CUSTOM_EMOJI = /<a?:(\w{2,32}):(\d+)>/;

/** Only custom emojis (and spaces): Discord then shows them large ("jumbo"). */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function emojiOnly(text) {
  const rest = String(text ?? '').replace(new RegExp(CUSTOM_EMOJI.source, 'g'), '');
  return rest.trim() === '' && CUSTOM_EMOJI.test(String(text ?? ''));
}

// ASCII punctuation after a backslash shows as itself and means nothing (`\*` is no
// emphasis, `\<@1>` no mention): each is held as a private-use character until the end.
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HELD = /[\uE000-\uE07F]/g;
const hold = (text) => text.replace(ESCAPED, (_, c) => String.fromCharCode(0xe000 + c.charCodeAt(0)));
const release = (html) => html.replace(HELD, (c) => escapeHtml(String.fromCharCode(c.charCodeAt(0) - 0xe000)));

/**
 * Text outside code spans: escapes are held, mentions, timestamps and emojis cut out
 * before escaping, the rest is emphasised.
 */
function inlineHtml(raw, names) {
  const text = hold(raw);
  const special = new RegExp(`<t:(-?\\d{1,13})(?::([tTdDfFR]))?>|<@!?(\\d+)>|<#(\\d+)>|${CUSTOM_EMOJI.source}`, 'g');
  let html = '';
  let last = 0;
  for (const match of text.matchAll(special)) {
    html += emphasis(escapeHtml(text.slice(last, match.index)));
    if (match[1] !== undefined) html += timestampHtml(Number(match[1]), match[2] ?? 'f', names.locale);
    else if (match[5] !== undefined) {
      const name = escapeHtml(`:${match[5]}:`);
      html += `<img class="emoji" src="/emojis/${match[6]}.png" alt="${name}" title="${name}">`;
    } else if (match[4] !== undefined) {
      html += `<span class="mention">#${escapeHtml(names.channel(match[4]) ?? 'unknown')}</span>`;
    } else html += `<span class="mention">@${escapeHtml(names.user(match[3]) ?? 'unknown-user')}</span>`;
    last = match.index + match[0].length;
  }
  return release(html + emphasis(escapeHtml(text.slice(last))));
}

// Code as Discord reads it, before anything else: a fenced block (```, an optional
// language on its first line, leading and trailing blank lines dropped), or an inline
// span of one or two backticks closed by as many (``a `b` c`` holds single backticks;
// the one space just inside a double span is padding). Nothing inside code is markdown.
const CODE = /```(?:([a-z0-9_+\-.#]+?)\n)?\n*([^\n][\s\S]*?)\n*```|(``?)(?!`)([\s\S]*?[^`])\3(?!`)/gi;

function codeHtml(match) {
  if (match[2] !== undefined) return `<pre class="code-block"><code>${escapeHtml(match[2])}</code></pre>`;
  const padded = match[3].length === 2 && /^ [\s\S]* $/.test(match[4]);
  return `<code>${escapeHtml(padded ? match[4].slice(1, -1) : match[4])}</code>`;
}

/**
 * Discord markdown to safe HTML, as a reader sees it: `names.user(id)` and
 * `names.channel(id)` name mentions, `names.locale` is the reader's language.
 */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function markdownHtml(text, names) {
  const source = String(text ?? '');
  let html = '';
  let last = 0;
  for (const match of source.matchAll(CODE)) {
    html += inlineHtml(source.slice(last, match.index), names) + codeHtml(match);
    last = match.index + match[0].length;
  }
  return html + inlineHtml(source.slice(last), names);
}

/** Splits text into fenced code blocks and the text between them, in order (a text display's lines are read apart). */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function splitCodeBlocks(text) {
  return String(text ?? '')
    .split(/(```[\s\S]*?```)/)
    .filter((part) => part !== '');
}
