import { describe, expect, it } from 'vitest';
import { detailProblem, MAX_DETAIL_BYTES, MAX_DETAIL_DEPTH } from '../../../src/domain/logging/log-detail.js';
import { sanitiseDetail, sanitiseEvent, TRUNCATED_KEY } from '../../../src/domain/logging/log-detail-sanitiser.js';
import { apiError } from '../../../src/domain/logging/log-event.js';
import { depthOf, nested } from './detail-shapes.js';

const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value));
/** What the sinks promise: the intake of the component would take it, and the table too. */
const expectFit = (detail: Record<string, unknown>): void => {
  expect(detailProblem(detail)).toBeNull();
  expect(jsonBytes(detail)).toBeLessThanOrEqual(MAX_DETAIL_BYTES);
};

describe('sanitiseDetail (every event a sink records)', () => {
  it('returns a detail that already fits as it is, without copying', () => {
    const detail = { book_id: 12, error: 'HTTP 503 — “quoted” ✓ 😀', at: new Date(0), list: [1, null, 'x'], gone: undefined };
    expect(sanitiseDetail(detail)).toBe(detail);
    const big = { stack: 'at f (file.ts:1:1)\n'.repeat(700) }; // about 14 KB: the exact size is checked, and it fits
    expect(sanitiseDetail(big)).toBe(big);
  });

  it('replaces lone surrogates with U+FFFD and drops U+0000, in values and keys, keeping valid pairs', () => {
    const detail = { name: 'a\ud800b', list: ['\udc00', 'ok 😀'], nul: 'x\u0000y', 'k\ud83d': 1 };
    const clean = sanitiseDetail(detail);
    expect(clean).toEqual({ name: 'a\uFFFDb', list: ['\uFFFD', 'ok 😀'], nul: 'xy', 'k\uFFFD': 1 });
    expectFit(clean);
  });

  it('cuts nesting past 32 levels, however deep, without overflowing the stack', () => {
    for (const levels of [MAX_DETAIL_DEPTH + 1, 5000, 200_000]) {
      const clean = sanitiseDetail(nested(levels));
      expect(depthOf(clean)).toBe(MAX_DETAIL_DEPTH);
      expect(JSON.stringify(clean)).toContain('[nested deeper than 32 levels]');
      expectFit(clean);
    }
  });

  it('cuts a detail past 16 KiB to fit, marks it, and never splits a surrogate pair', () => {
    const clean = sanitiseDetail({ keep: 1, stack: '😀'.repeat(10_000), after: 'y'.repeat(100) });
    expect(clean[TRUNCATED_KEY]).toBe(true);
    expect(clean.keep).toBe(1);
    expect(String(clean.stack).endsWith('…')).toBe(true);
    expect(String(clean.stack)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/); // no half pair at the cut
    expectFit(clean);
    const many = sanitiseDetail({ items: Array.from({ length: 5000 }, (_, i) => ({ i, text: 'é\n"'.repeat(i % 7) })) });
    expect(many[TRUNCATED_KEY]).toBe(true);
    expect((many.items as unknown[]).length).toBeGreaterThan(100);
    expectFit(many);
  });

  it('turns what JSON cannot write, or writes differently, into plain JSON', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(sanitiseDetail(cyclic)).toEqual({ a: 1, self: '[circular]' });
    expect(sanitiseDetail({ n: 10n, f: () => 1, s: Symbol('x'), inf: Infinity, arr: [undefined, () => 1] })).toEqual({ n: '10', inf: null, arr: [null, null] });
    expect(sanitiseDetail({ custom: { toJSON: () => ({ shown: 'a\ud800' }) } })).toEqual({ custom: { shown: 'a\uFFFD' } });
    // As JSON.parse makes it: "__proto__" an own key, kept as a key in the copy (the NUL forces a copy).
    const proto = sanitiseDetail(JSON.parse('{"__proto__": {"x": 1}, "b": "\\u0000"}') as Record<string, unknown>);
    expect(Object.keys(proto)).toEqual(['__proto__', 'b']);
    expect(proto.b).toBe('');
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
  });

  it('never throws: an unreadable detail becomes a note, a non-object is kept one level down', () => {
    const hostile = { get boom(): never { throw new Error('getter failed') }, x: '\u0000' };
    expect(sanitiseDetail(hostile)).toEqual({ detail_unreadable: 'getter failed' });
    expect(sanitiseDetail(null)).toEqual({ detail: null });
    expect(sanitiseDetail(['a\ud800'])).toEqual({ detail: ['a\uFFFD'] });
  });

  it('sanitiseEvent keeps an event that fits, and copies one that does not (an api_error quoting a JWT claim)', () => {
    const fine = apiError({ endpoint: 'GET /api/books', status: 500, message: 'boom' }, new Date(0));
    expect(sanitiseEvent(fine)).toBe(fine);
    const quoting = apiError({ endpoint: 'GET /api/user/preferences', status: 500, message: "values ('bob', NULL, 'x\u0000\ud800y')" }, new Date(0));
    expect(sanitiseEvent(quoting)).toEqual({ ...quoting, detail: { ...quoting.detail, message: "values ('bob', NULL, 'x\uFFFDy')" } });
  });
});
