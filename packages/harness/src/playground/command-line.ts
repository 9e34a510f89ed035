import type { CommandInvocation, OptionValue } from '@guts/local-discord';
import {
  type APIApplicationCommand,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
} from 'discord-api-types/v10';

/** A typed command line, as the Discord client would send it: `/guts start variant:iron-cross ante:10`. */
export interface ParsedCommand {
  name: string;
  invocation: CommandInvocation;
}

export class CommandLineError extends Error {}

/** Looks up a user option's value (a seat name, `@name` or `<@id>`) and answers the user's id. */
export type ResolveUser = (text: string) => string | undefined;

/** A command, option or choice: Discord's name, and what the app calls it in other languages. */
interface Named {
  name: string;
  name_localizations?: Partial<Record<string, string | null>> | null;
}

/** What a client in `locale` shows and takes: the app's name in that language, if it gave one. */
export function localName(item: Named, locale: string | undefined): string {
  return (locale && item.name_localizations?.[locale]) || item.name;
}

/** Whether `word` (lowercase) names `item`, as Discord's client takes it: the local name or Discord's. */
const names = (item: Named, word: string, locale: string | undefined) =>
  word === item.name || word === localName(item, locale).toLowerCase();

const isSubcommand = (o: APIApplicationCommandOption) => o.type === ApplicationCommandOptionType.Subcommand;
const isGroup = (o: APIApplicationCommandOption) => o.type === ApplicationCommandOptionType.SubcommandGroup;

function unquote(text: string): string {
  const t = text.trim();
  return t.length >= 2 && /^(["']).*\1$/s.test(t) ? t.slice(1, -1) : t;
}

function typedValue(
  option: APIApplicationCommandBasicOption,
  raw: string,
  resolveUser: ResolveUser,
  locale: string | undefined,
): OptionValue {
  const text = unquote(raw);
  const where = `${localName(option, locale)}:`;
  if (text === '') throw new CommandLineError(`${where} needs a value`);
  const choices = 'choices' in option ? (option.choices ?? []) : [];
  if (choices.length > 0) {
    const lower = text.toLowerCase();
    const choice = choices.find(
      (c) => String(c.value).toLowerCase() === lower || names(c, lower, locale) || c.name.toLowerCase() === lower,
    );
    if (!choice) throw new CommandLineError(`${where} must be one of ${choices.map((c) => c.value).join(', ')}`);
    return choice.value;
  }
  switch (option.type) {
    case ApplicationCommandOptionType.Integer:
      if (!/^-?\d+$/.test(text)) throw new CommandLineError(`${where} takes a whole number, got "${text}"`);
      return Number(text);
    case ApplicationCommandOptionType.Number:
      if (!Number.isFinite(Number(text))) throw new CommandLineError(`${where} takes a number, got "${text}"`);
      return Number(text);
    case ApplicationCommandOptionType.Boolean:
      if (/^(true|yes|on)$/i.test(text)) return true;
      if (/^(false|no|off)$/i.test(text)) return false;
      throw new CommandLineError(`${where} takes true or false, got "${text}"`);
    case ApplicationCommandOptionType.User:
    case ApplicationCommandOptionType.Mentionable: {
      const id = resolveUser(text);
      if (!id) throw new CommandLineError(`${where} nobody called "${text}" is here`);
      return id;
    }
    case ApplicationCommandOptionType.String:
      return text;
    default:
      throw new CommandLineError(`${where} cannot be typed in the playground`);
  }
}

/**
 * Splits `name:value name:value` on the option names the command declares (in the
 * seat's language or Discord's), so a value may contain spaces (as in Discord, where a
 * value runs until the next option). Answers the values by Discord's option names.
 */
function optionValues(
  rest: string,
  declared: APIApplicationCommandBasicOption[],
  locale: string | undefined,
): Map<string, string> {
  // Discord option names are lowercase letters (of any script), digits, - and _: nothing to escape.
  const alternatives = declared.flatMap((o) => [o.name, localName(o, locale)]).join('|');
  const values = new Map<string, string>();
  if (rest.trim() === '') return values;
  if (alternatives === '') throw new CommandLineError(`this command takes no options, got "${rest.trim()}"`);
  const marker = new RegExp(`(?:^|\\s)(${alternatives}):`, 'giu');
  const canonical = (mark: RegExpMatchArray) => {
    const word = (mark[1] ?? '').toLowerCase();
    return declared.find((o) => names(o, word, locale))?.name ?? word;
  };
  const marks = [...rest.matchAll(marker)];
  const first = marks[0];
  const leading = rest.slice(0, first?.index ?? rest.length).trim();
  if (leading) {
    // Discord's client puts what is typed after the command into its first option.
    const [firstOption] = declared;
    const named = marks.some((m) => canonical(m) === firstOption?.name);
    if (!firstOption || named) {
      const hint = declared.map((o) => `${localName(o, locale)}:`).join(' ');
      throw new CommandLineError(`"${leading.split(/\s+/)[0]}" is not an option; this command takes ${hint}`);
    }
    values.set(firstOption.name, leading);
  }
  marks.forEach((mark, i) => {
    const name = canonical(mark);
    if (values.has(name)) throw new CommandLineError(`${(mark[1] ?? '').toLowerCase()}: is given twice`);
    const start = (mark.index ?? 0) + mark[0].length;
    values.set(name, rest.slice(start, marks[i + 1]?.index ?? rest.length));
  });
  return values;
}

function invocationOptions(
  declared: APIApplicationCommandOption[],
  rest: string,
  resolveUser: ResolveUser,
  locale: string | undefined,
): Record<string, OptionValue> {
  const basic = declared as APIApplicationCommandBasicOption[];
  const options: Record<string, OptionValue> = {};
  for (const [name, raw] of optionValues(rest, basic, locale)) {
    const option = basic.find((o) => o.name === name);
    if (option) options[name] = typedValue(option, raw, resolveUser, locale);
  }
  const missing = basic.filter((o) => o.required && !(o.name in options)).map((o) => `${localName(o, locale)}:`);
  if (missing.length > 0) throw new CommandLineError(`missing ${missing.join(' ')}`);
  return options;
}

/** Takes the next word of `rest` if it names one of `choices` (answered by Discord's name); throws listing them otherwise. */
function nextWord(
  rest: string,
  choices: APIApplicationCommandOption[],
  what: string,
  locale: string | undefined,
): [string, string] {
  const match = /^\s*(\S+)(.*)$/s.exec(rest);
  const word = (match?.[1] ?? '').toLowerCase();
  const choice = choices.find((c) => names(c, word, locale));
  if (!choice) {
    const listed = choices.map((c) => localName(c, locale)).join(', ');
    throw new CommandLineError(`${word ? `"${word}" is not a ${what}; ` : ''}pick one of: ${listed}`);
  }
  return [choice.name, match?.[2] ?? ''];
}

/**
 * Reads a typed slash command against the registered ones, refusing what Discord's
 * client would not send. A client in `locale` takes the names the app gave in that
 * language (`/guts starten`) as well as Discord's; the invocation uses Discord's.
 */
export function parseCommandLine(
  line: string,
  commands: readonly APIApplicationCommand[],
  resolveUser: ResolveUser,
  locale?: string,
): ParsedCommand {
  const listed = () => commands.map((c) => `/${localName(c, locale)}`).join(', ');
  const match = /^\s*\/?(\S+)(.*)$/s.exec(line);
  if (!match) throw new CommandLineError(`type a command: ${listed()}`);
  const typed = (match[1] ?? '').toLowerCase();
  const command = commands.find((c) => names(c, typed, locale));
  if (!command) throw new CommandLineError(`no command /${typed}; try ${listed()}`);
  const name = command.name;
  let rest = match[2] ?? '';
  let declared = command.options ?? [];
  const invocation: CommandInvocation = {};
  // A command's first level may mix subcommand groups and subcommands (`/guts preset save`, `/guts start`).
  if (declared.some(isGroup)) {
    let word: string;
    [word, rest] = nextWord(
      rest,
      declared.filter((o) => isGroup(o) || isSubcommand(o)),
      'subcommand',
      locale,
    );
    const picked = declared.find((o) => o.name === word) as APIApplicationCommandOption & {
      options?: APIApplicationCommandOption[];
    };
    if (isGroup(picked)) {
      invocation.subcommandGroup = word;
      declared = picked.options ?? [];
    } else {
      invocation.subcommand = word;
      declared = picked.options ?? [];
      invocation.options = invocationOptions(declared, rest, resolveUser, locale);
      return { name, invocation };
    }
  }
  if (declared.some(isSubcommand)) {
    let sub: string;
    [sub, rest] = nextWord(rest, declared.filter(isSubcommand), 'subcommand', locale);
    invocation.subcommand = sub;
    declared = (declared.find((o) => o.name === sub) as { options?: APIApplicationCommandOption[] }).options ?? [];
  }
  invocation.options = invocationOptions(declared, rest, resolveUser, locale);
  return { name, invocation };
}

/**
 * The command as the client of the seat that typed it names it (`/guts starten` for a
 * German seat): what "Ben used …" above its answer shows, as Discord shows the invoker's
 * own command.
 */
export function commandLabel(
  parsed: ParsedCommand,
  commands: readonly APIApplicationCommand[],
  locale: string | undefined,
): string {
  const command = commands.find((c) => c.name === parsed.name);
  if (!command) return `/${parsed.name}`;
  const path = [localName(command, locale)];
  let declared: readonly APIApplicationCommandOption[] = command.options ?? [];
  for (const word of [parsed.invocation.subcommandGroup, parsed.invocation.subcommand]) {
    const picked = word === undefined ? undefined : declared.find((o) => o.name === word);
    if (!picked) continue;
    path.push(localName(picked, locale));
    declared = 'options' in picked ? (picked.options ?? []) : [];
  }
  return `/${path.join(' ')}`;
}
