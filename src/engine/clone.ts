/**
 * A deep copy of plain data (objects, arrays, numbers, strings, booleans, null), as
 * the game state is: what `structuredClone` does for it, several times cheaper (the
 * bot copies the state on every action and every view). No Maps, Sets, Dates or cycles.
 */
export function clonePlain<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = clonePlain(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = clonePlain((value as Record<string, unknown>)[key]);
    // A key named __proto__ (a player id can be any string) stays a plain own key.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out as T;
}
