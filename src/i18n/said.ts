/**
 * Texts already put together, so saying one again costs a map lookup instead of i18next's
 * translate (its path lookups, nesting and interpolation): a deal says the same lines to
 * every seat and again the next deal, and translating was a tenth of the bot thread's time.
 * A text depends only on its language, key and values once its language is loaded.
 *
 * Kept by key, then language, then values: the key and the language are the same string
 * objects call after call (the code's literals, a table's locale), whose hash V8 keeps,
 * so only the values are spelt out and hashed anew, and a text with none is found without
 * building a string at all (one id of all three cost a new string, flattened and hashed,
 * at every `t`).
 */
export class SaidTexts {
  private readonly texts = new Map<string, Map<string, Map<string, string>>>();
  private count = 0;

  /** `max` texts at most: past it the memory starts afresh (names and amounts vary without end). */
  constructor(private readonly max: number) {}

  get(lng: string, key: string, values: string): string | undefined {
    return this.texts.get(key)?.get(lng)?.get(values);
  }

  set(lng: string, key: string, values: string, text: string): void {
    if (this.count >= this.max) {
      this.texts.clear();
      this.count = 0;
    }
    let byLanguage = this.texts.get(key);
    if (!byLanguage) this.texts.set(key, (byLanguage = new Map()));
    let byValues = byLanguage.get(lng);
    if (!byValues) byLanguage.set(lng, (byValues = new Map()));
    if (!byValues.has(values)) this.count++;
    byValues.set(values, text);
  }
}

/**
 * A text's values as one string: each value with its name, type and length (no two sets of
 * values share one, whatever a player's name holds); '' for none. Undefined for a value
 * that is not a string, number or boolean: such a text is put together each time.
 */
export function valuesId(vars: Readonly<Record<string, unknown>>): string | undefined {
  let id = '';
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
