// Discord markdown, the parts the bot uses: **bold**, *italic*, __underline__,
// ~~strike~~, `code`, <@user> mentions, <t:UNIX:STYLE> timestamps (relative ones
// tick live) and <:name:id> custom emojis (the pictures the local Discord serves). Text is escaped first; only the tags made here are HTML.

const HTML_ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const RELATIVE_STEPS = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "in 25 seconds", "3 minutes ago": Discord's `R` style. */
function relativeTime(unixSeconds, nowMs) {
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

function timestampText(unixSeconds, style, nowMs) {
  if (style === 'R') return relativeTime(unixSeconds, nowMs);
  return new Intl.DateTimeFormat('en', TIMESTAMP_STYLES[style] ?? TIMESTAMP_STYLES.f).format(unixSeconds * 1000);
}

function timestampHtml(unixSeconds, style) {
  const title = escapeHtml(timestampText(unixSeconds, 'F', Date.now()));
  const text = escapeHtml(timestampText(unixSeconds, style, Date.now()));
  return `<span class="timestamp" data-unix="${unixSeconds}" data-style="${style}" title="${title}">${text}</span>`;
}

/** Re-renders every relative timestamp on the page: called once a second. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function tickTimestamps(root) {
  for (const el of root.querySelectorAll('.timestamp[data-style="R"]')) {
    el.textContent = relativeTime(Number(el.dataset.unix), Date.now());
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

/** Text outside code spans: mentions, timestamps and emojis are cut out before escaping, the rest is emphasised. */
function inlineHtml(text, nameOf) {
  const special = new RegExp(`<t:(-?\\d{1,13})(?::([tTdDfFR]))?>|<@!?(\\d+)>|${CUSTOM_EMOJI.source}`, 'g');
  let html = '';
  let last = 0;
  for (const match of text.matchAll(special)) {
    html += emphasis(escapeHtml(text.slice(last, match.index)));
    if (match[1] !== undefined) html += timestampHtml(Number(match[1]), match[2] ?? 'f');
    else if (match[4] !== undefined) {
      const name = escapeHtml(`:${match[4]}:`);
      html += `<img class="emoji" src="/emojis/${match[5]}.png" alt="${name}" title="${name}">`;
    } else html += `<span class="mention">@${escapeHtml(nameOf(match[3]) ?? 'unknown-user')}</span>`;
    last = match.index + match[0].length;
  }
  return html + emphasis(escapeHtml(text.slice(last)));
}

/** Discord markdown to safe HTML; `nameOf(userId)` names mentioned users. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function markdownHtml(text, nameOf) {
  return String(text ?? '')
    .split(/(`[^`\n]+`)/)
    .map((part, i) => (i % 2 === 1 ? `<code>${escapeHtml(part.slice(1, -1))}</code>` : inlineHtml(part, nameOf)))
    .join('');
}
