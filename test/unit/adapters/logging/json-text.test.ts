import { describe, expect, it } from 'vitest';
import { jsonWithoutNul } from '../../../../src/adapters/logging/json-text.js';

describe('jsonWithoutNul', () => {
  it('is JSON.stringify when no string holds U+0000', () => {
    const value = { a: 'plain', b: [1, 'two', { c: 'back\\slash "quoted"' }] };
    expect(jsonWithoutNul(value)).toBe(JSON.stringify(value));
  });

  it('replaces U+0000 with U+FFFD at any depth', () => {
    expect(JSON.parse(jsonWithoutNul({ a: ['x\u0000y', { b: '\u0000' }] }))).toEqual({ a: ['x\uFFFDy', { b: '\uFFFD' }] });
  });

  it('keeps a literal backslash followed by "u0000" as text', () => {
    const value = { text: 'C:\\u0000 is a path, not a NUL' };
    expect(JSON.parse(jsonWithoutNul(value))).toEqual(value);
  });
});
