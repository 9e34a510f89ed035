// The command box's hints: what may come next in a typed slash command (commands,
// subcommands, options, choices), from the commands the bot registered.

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;
const OPTION_TYPES = {
  3: 'text',
  4: 'whole number',
  5: 'true/false',
  6: 'user',
  7: 'channel',
  8: 'role',
  9: 'user or role',
  10: 'number',
  11: 'file',
};

function range(option) {
  const low = option.min_value ?? option.min_length;
  const high = option.max_value ?? option.max_length;
  if (low === undefined && high === undefined) return '';
  return option.min_length !== undefined || option.max_length !== undefined
    ? ` up to ${high} characters`
    : ` ${low ?? '…'}–${high ?? '…'}`;
}

function optionHint(option, from, used) {
  return {
    label: `${option.name}:`,
    type: option.choices?.length ? 'choice' : `${OPTION_TYPES[option.type] ?? 'value'}${range(option)}`,
    description: option.description,
    required: Boolean(option.required) && !used,
    insert: `${option.name}:`,
    from,
  };
}

/**
 * Values one may type for an option: its choices, the seats for a user, true/false.
 * An autocomplete option's values come from the bot, as in Discord: the hints say so
 * (`autocomplete`), and the page asks for them.
 */
function valueHints(option, typed, from, seatNames) {
  const prefix = typed.toLowerCase();
  const about = `${option.name}: ${OPTION_TYPES[option.type] ?? 'value'}${range(option)}, ${option.description}`;
  if (option.autocomplete) return { title: about, items: [], autocomplete: { option: option.name, from } };
  let values = [];
  if (option.choices?.length) values = option.choices.map((c) => ({ value: String(c.value), description: c.name }));
  else if (option.type === 6 || option.type === 9) values = seatNames.map((n) => ({ value: n, description: 'user' }));
  else if (option.type === 5) values = ['true', 'false'].map((v) => ({ value: v, description: '' }));
  const items = values
    .filter((v) => v.value.toLowerCase().startsWith(prefix) || v.description.toLowerCase().startsWith(prefix))
    .map((v) => ({ label: v.value, description: v.description, insert: `${option.name}:${v.value} `, from }));
  return { title: about, items };
}

/** Hints for `text`; `from` is where the completion (`insert`) replaces the text to the end. */
// biome-ignore lint/correctness/noUnusedVariables: the page's scripts share one scope; a later one calls it.
function commandHints(text, commands, seatNames) {
  if (!text.startsWith('/')) return null;
  const head = /^\/(\S*)(\s[\s\S]*)?$/.exec(text);
  if (head[2] === undefined) {
    const items = commands
      .filter((c) => c.name.startsWith(head[1].toLowerCase()))
      .map((c) => ({ label: `/${c.name}`, description: c.description, insert: `/${c.name} `, from: 0 }));
    return { title: 'Commands', items };
  }
  const command = commands.find((c) => c.name === head[1].toLowerCase());
  if (!command) return null;
  let declared = command.options ?? [];
  let offset = 1 + head[1].length;
  let signature = `/${command.name}`;
  while (declared.some((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP)) {
    const word = /^(\s+)(\S*)(\s[\s\S]*)?$/.exec(text.slice(offset));
    const from = offset + (word?.[1].length ?? 0);
    if (!word || word[3] === undefined) {
      const typed = (word?.[2] ?? '').toLowerCase();
      const items = declared
        .filter((o) => o.name.startsWith(typed))
        .map((o) => ({ label: o.name, description: o.description, insert: `${o.name} `, from }));
      return { title: `${signature} …`, items };
    }
    const sub = declared.find((o) => o.name === word[2].toLowerCase());
    if (!sub) return null;
    signature += ` ${sub.name}`;
    declared = sub.options ?? [];
    offset = from + word[2].length;
  }
  const rest = text.slice(offset);
  const tokenStart = text.length - /\S*$/.exec(rest)[0].length;
  const token = text.slice(tokenStart);
  const valueTyped = /^([\w-]+):([\s\S]*)$/.exec(token);
  const option = valueTyped && declared.find((o) => o.name === valueTyped[1].toLowerCase());
  if (option) return valueHints(option, valueTyped[2], tokenStart, seatNames);
  const used = new Set([...text.slice(offset, tokenStart).matchAll(/(?:^|\s)([\w-]+):/g)].map((m) => m[1]));
  const title = `${signature} ${declared.map((o) => (o.required ? `${o.name}:` : `[${o.name}:]`)).join(' ')}`;
  const items = declared
    .filter((o) => !used.has(o.name) && o.name.startsWith(token.toLowerCase()))
    .map((o) => optionHint(o, tokenStart, used.has(o.name)));
  return { title: title.trim(), items };
}
