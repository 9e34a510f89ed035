import { isDeepStrictEqual } from 'node:util';
import { expect } from 'vitest';

/**
 * Checks for the property tests' inner loops, which check every step of thousands of
 * random games: vitest's `expect()` copies its matcher state on every call, and in those
 * loops it cost more than the engine did (half of `fair.test.ts`'s time). These compare
 * first and call `expect` only to report a difference, so a failure reads as it always did.
 */

/** `expect(actual).toBe(expected)`, its cost paid only when they differ. */
export function sameAs<T>(actual: T, expected: T, message?: string): void {
  if (!Object.is(actual, expected)) expect(actual, message).toBe(expected);
}

/**
 * `expect(actual).toEqual(expected)`, its cost paid only when they differ: values deeply
 * and strictly equal are equal to `toEqual`, which judges any other pair itself.
 */
export function equalTo<T>(actual: T, expected: T, message?: string): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual, message).toEqual(expected);
}

/** `expect(text).not.toContain(part)`, its cost paid only when it does. */
export function lacks(text: string, part: string): void {
  if (text.includes(part)) expect(text).not.toContain(part);
}

/** `ok`, else `report()` says why with `expect`; a report that does not throw fails anyway. */
export function holds(ok: boolean, report: () => void): void {
  if (ok) return;
  report();
  throw new Error('a check failed, and its report did not say why');
}

/**
 * `expect(JSON.parse(json)).toEqual(value)`, `json` being `value` as JSON: asked only when
 * `value` is not plainly JSON already (null, booleans, finite numbers, strings, arrays and
 * plain objects of them, an object's fields perhaps undefined: JSON drops those, and
 * `toEqual` ignores them).
 */
export function roundTrips(value: unknown, json: string): void {
  if (!isPlainJson(value)) expect(JSON.parse(json)).toEqual(value);
}

function isPlainJson(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!(i in value) || !isPlainJson(value[i])) return false;
        return true;
      }
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return false;
      if (Object.getOwnPropertySymbols(value).length > 0) return false;
      const fields = value as Record<string, unknown>;
      for (const key of Object.keys(fields)) {
        const field = fields[key];
        if (field !== undefined && !isPlainJson(field)) return false;
      }
      return true;
    }
    default:
      return false;
  }
}
