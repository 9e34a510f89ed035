/** The text of every string literal in `code` (template literals without their `${…}` parts). */
export function stringLiterals(code: string): string[] {
  const out: string[] = [];
  let i = 0;
  const literal = (quote: string): void => {
    let text = '';
    for (i++; i < code.length && code[i] !== quote; i++) {
      if (code[i] === '\\') i++;
      else if (quote === '`' && code[i] === '$' && code[i + 1] === '{') {
        out.push(text);
        text = '';
        i += 2;
        scan(true);
      } else text += code[i];
    }
    out.push(text);
  };
  /** A regular expression literal (`/[`"]/g`): skipped, quotes and all. */
  const regex = (): void => {
    let inClass = false;
    for (i++; i < code.length && code[i] !== '\n'; i++) {
      if (code[i] === '\\') i++;
      else if (code[i] === '[') inClass = true;
      else if (code[i] === ']') inClass = false;
      else if (code[i] === '/' && !inClass) return;
    }
  };
  /** Code up to the end (or, inside a template's `${`, up to its closing brace). */
  const scan = (inTemplate: boolean): void => {
    let depth = 0;
    for (; i < code.length; i++) {
      const c = code[i] as string;
      if (c === "'" || c === '"' || c === '`') literal(c);
      else if (c === '/' && code[i + 1] === '/') i = code.indexOf('\n', i) === -1 ? code.length : code.indexOf('\n', i);
      else if (c === '/' && code[i + 1] === '*') i = code.indexOf('*/', i) + 1;
      else if (c === '/' && REGEX_BEFORE.test(code.slice(0, i).trimEnd().slice(-1))) regex();
      else if (inTemplate && c === '{') depth++;
      else if (inTemplate && c === '}') {
        if (depth === 0) return;
        depth--;
      }
    }
  };
  scan(false);
  return out;
}

/** A `/` after one of these (or at the start) opens a regular expression, not a division. */
const REGEX_BEFORE = /^$|[(,=:[!&|?{};]/;

/** Words in a row: what a sentence or a label looks like (a key like 'lobby.title' has none). */
const WORDS = /[A-Za-z]{2,}[ ,:;!?]+[A-Za-z]{2,}/;

/**
 * The literals of `code` a player would read as English text. Log lines and programmer
 * errors are not for players; a literal `isKey` recognises (a catalogue key, a command's
 * path "guts start variant") names text rather than being it.
 */
export function englishLiterals(code: string, isKey: (literal: string) => boolean = () => false): string[] {
  const forPlayers = code
    .split('\n')
    .filter((line) => !/log\.\w+\(|throw new (Range|Type)?Error\(/.test(line))
    .join('\n');
  return stringLiterals(forPlayers).filter((s) => WORDS.test(s) && !isKey(s.trim()));
}
