// The command box's hints: what may come next in a typed slash command (commands,
// subcommands, options, choices), from the commands the bot registered, named as a
// Discord client in the seat's language names them (the app's name_localizations), and
// described in its words (`texts`: the client's texts in that language).

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;
/** Discord's option types, by the key of the client's word for each (`texts.optionType`). */
const OPTION_TYPES = {
  3: 'text',
  4: 'wholeNumber',
  5: 'trueFalse',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'mentionable',
  10: 'number',
  11: 'file',
};

/** "whole number 1–100", "text ≤ 200": an option's type in the client's words, and its bounds. */
function typeText(option, texts) {
  return `${texts.optionType[OPTION_TYPES[option.type] ?? 'value']}${range(option)}`;
}

/** What a client in `locale` calls a command, option or choice: the app's name in that language, if it gave one. */
function localName(item, locale) {
  return item.name_localizations?.[locale] || item.name;
}

function localDescription(item, locale) {
  return item.description_localizations?.[locale] || item.description;
}

/** Whether `word` (lowercase) names `item`: the client takes its local name and Discord's. */
function named(item, word, locale) {
  return word === item.name || word === localName(item, locale).toLowerCase();
}

/** Whether `item`'s local name or Discord's begins with `typed` (lowercase). */
function startsWith(item, typed, locale) {
  return item.name.startsWith(typed) || localName(item, locale).toLowerCase().startsWith(typed);
}

function range(option) {
  const low = option.min_value ?? option.min_length;
  const high = option.max_value ?? option.max_length;
  if (low === undefined && high === undefined) return '';
  return option.min_length !== undefined || option.max_length !== undefined
    ? ` ≤ ${high}`
    : ` ${low ?? '…'}–${high ?? '…'}`;
}

function optionHint(option, from, used, locale, texts) {
  const name = localName(option, locale);
  return {
    label: `${name}:`,
    type: option.choices?.length ? texts.optionType.choice : typeText(option, texts),
    description: localDescription(option, locale),
    required: Boolean(option.required) && !used,
    insert: `${name}:`,
    from,
  };
}

/**
 * Values one may type for an option: its choices, the seats for a user, true/false.
 * An autocomplete option's values come from the bot, as in Discord: the hints say so
 * (`autocomplete`), and the page asks for them.
 */
function valueHints(option, typed, from, seatNames, locale, texts) {
  const prefix = typed.toLowerCase();
  const name = localName(option, locale);
  const about = `${name}: ${typeText(option, texts)}, ${localDescription(option, locale)}`;
  // The page asks the bot by Discord's option name, as the interaction names it.
  if (option.autocomplete) return { title: about, items: [], autocomplete: { option: option.name, typed: name, from } };
  let values = [];
  if (option.choices?.length) {
    values = option.choices.map((c) => ({ value: String(c.value), description: localName(c, locale) }));
  } else if (option.type === 6 || option.type === 9)
    values = seatNames.map((n) => ({ value: n, description: texts.optionType.user }));
  else if (option.type === 5) values = ['true', 'false'].map((v) => ({ value: v, description: '' }));
  const items = values
    .filter((v) => v.value.toLowerCase().startsWith(prefix) || v.description.toLowerCase().startsWith(prefix))
    .map((v) => ({ label: v.value, description: v.description, insert: `${name}:${v.value} `, from }));
  return { title: about, items };
}

/**
 * Hints for `text` typed by a seat whose client speaks `locale` (and says `texts`);
 * `from` is where the completion (`insert`) replaces the text to the end.
 */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function commandHints(text, commands, seatNames, locale, texts) {
  if (!text.startsWith('/')) return null;
  const head = /^\/(\S*)(\s[\s\S]*)?$/.exec(text);
  if (head[2] === undefined) {
    const items = commands
      .filter((c) => startsWith(c, head[1].toLowerCase(), locale))
      .map((c) => {
        const name = localName(c, locale);
        return { label: `/${name}`, description: localDescription(c, locale), insert: `/${name} `, from: 0 };
      });
    return { title: texts.commands, items };
  }
  const command = commands.find((c) => named(c, head[1].toLowerCase(), locale));
  if (!command) return null;
  let declared = command.options ?? [];
  let offset = 1 + head[1].length;
  let signature = `/${localName(command, locale)}`;
  while (declared.some((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP)) {
    const word = /^(\s+)(\S*)(\s[\s\S]*)?$/.exec(text.slice(offset));
    const from = offset + (word?.[1].length ?? 0);
    if (!word || word[3] === undefined) {
      const typed = (word?.[2] ?? '').toLowerCase();
      const items = declared
        .filter((o) => startsWith(o, typed, locale))
        .map((o) => {
          const name = localName(o, locale);
          return { label: name, description: localDescription(o, locale), insert: `${name} `, from };
        });
      return { title: `${signature} …`, items };
    }
    const sub = declared.find((o) => named(o, word[2].toLowerCase(), locale));
    if (!sub) return null;
    signature += ` ${localName(sub, locale)}`;
    declared = sub.options ?? [];
    offset = from + word[2].length;
  }
  const rest = text.slice(offset);
  const tokenStart = text.length - /\S*$/.exec(rest)[0].length;
  const token = text.slice(tokenStart);
  // Option names in any script: "bestätigen:", "ставка:".
  const valueTyped = /^([^\s:]+):([\s\S]*)$/u.exec(token);
  const option = valueTyped && declared.find((o) => named(o, valueTyped[1].toLowerCase(), locale));
  if (option) return valueHints(option, valueTyped[2], tokenStart, seatNames, locale, texts);
  const typedNames = [...text.slice(offset, tokenStart).matchAll(/(?:^|\s)([^\s:]+):/gu)].map((m) =>
    m[1].toLowerCase(),
  );
  const used = new Set(declared.filter((o) => typedNames.some((word) => named(o, word, locale))).map((o) => o.name));
  const shown = (o) => (o.required ? `${localName(o, locale)}:` : `[${localName(o, locale)}:]`);
  const title = `${signature} ${declared.map(shown).join(' ')}`;
  const items = declared
    .filter((o) => !used.has(o.name) && startsWith(o, token.toLowerCase(), locale))
    .map((o) => optionHint(o, tokenStart, used.has(o.name), locale, texts));
  return { title: title.trim(), items };
}
