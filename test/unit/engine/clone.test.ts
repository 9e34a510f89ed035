import { describe, expect, it } from 'vitest';
import { clonePlain } from '../../../src/engine/clone.ts';

describe('clonePlain', () => {
  it('copies plain data deeply, as structuredClone does', () => {
    const value = { a: [1, [2, 3], { b: null, c: 'x' }], d: { e: true, f: undefined }, g: 0 };
    const copy = clonePlain(value);
    expect(copy).toStrictEqual(structuredClone(value));
    copy.a.push(4);
    (copy.d as { e: boolean }).e = false;
    expect(value.a).toHaveLength(3);
    expect(value.d.e).toBe(true);
  });

  it('keeps a key named __proto__ as an own key', () => {
    const value = JSON.parse('{"__proto__": {"x": 1}}') as Record<string, unknown>;
    const copy = clonePlain(value);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ x: 1 });
  });
});
