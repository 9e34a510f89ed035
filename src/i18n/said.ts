/**
 * Texts already put together, so saying one again costs a map lookup instead of i18next's
 * translate (its path lookups, nesting and interpolation): a deal says the same lines to
 * every seat and again the next deal, and translating was a tenth of the bot thread's time.
 * A text depends only on its language, key and values once its language is loaded.
 */
export class SaidTexts {
  private readonly texts = new Map<string, string>();

  /** `max` texts at most: past it the memory starts afresh (names and amounts vary without end). */
  constructor(private readonly max: number) {}

  get(id: string): string | undefined {
    return this.texts.get(id);
  }

  set(id: string, text: string): void {
    if (this.texts.size >= this.max) this.texts.clear();
    this.texts.set(id, text);
  }
}

/**
 * A text's identity: language, key and values, each value with its type and length (no two
 * texts share one, whatever a player's name holds). Undefined for a value that is not a
 * string, number or boolean: such a text is put together each time.
 */
export function textId(lng: string, key: string, vars: Readonly<Record<string, unknown>>): string | undefined {
  let id = `${lng}\u0000${key}`;
  for (const name in vars) {
    const value = vars[name];
    if (value === undefined) continue;
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
    const text = String(value);
    id += `\u0000${name}\u0000${type[0]}${text.length}:${text}`;
  }
  return id;
}
