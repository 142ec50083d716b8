import { describe, expect, it } from 'vitest';
import { detailProblem, MAX_DETAIL_BYTES, MAX_DETAIL_DEPTH } from '../../../src/domain/logging/log-detail.js';
import { nested } from './detail-shapes.js';

/** A detail of exactly `bytes` as JSON: {"s":"xxx…"}. */
const ofBytes = (bytes: number) => ({ s: 'x'.repeat(bytes - '{"s":""}'.length) });

describe('detailProblem (what the intake refuses in log_detail)', () => {
  it('accepts an ordinary detail, and nesting up to the limit', () => {
    expect(detailProblem({ book_id: 12, error: 'HTTP 503', tags: ['a', { b: null }], ok: true })).toBeNull();
    expect(detailProblem(nested(MAX_DETAIL_DEPTH))).toBeNull();
    expect(detailProblem({ list: [[[]]] })).toBeNull();
  });

  it('refuses nesting past 32 levels, arrays counted too, as a problem of the detail as a whole', () => {
    expect(MAX_DETAIL_DEPTH).toBe(32);
    expect(detailProblem(nested(MAX_DETAIL_DEPTH + 1))).toEqual({ path: [], message: 'must nest at most 32 levels of objects and arrays' });
    let list: unknown = [];
    for (let i = 0; i < MAX_DETAIL_DEPTH; i++) list = [list];
    expect(detailProblem({ list })?.path).toEqual([]);
  });

  it('refuses 5,000 levels without overflowing the stack', () => {
    expect(detailProblem(nested(5000))?.message).toMatch(/at most 32 levels/);
    expect(detailProblem(nested(200_000))?.message).toMatch(/at most 32 levels/);
  });

  it('refuses more than 16 KiB of JSON (UTF-8 bytes), and takes exactly 16 KiB', () => {
    expect(MAX_DETAIL_BYTES).toBe(16_384);
    expect(detailProblem(ofBytes(MAX_DETAIL_BYTES))).toBeNull();
    expect(detailProblem(ofBytes(MAX_DETAIL_BYTES + 1))).toEqual({ path: [], message: 'must take at most 16384 bytes as JSON (takes 16385)' });
    // Counted in UTF-8 as sent: 6,000 × "é" is 12,000 bytes, 6,000 × "€" 18,000.
    expect(detailProblem({ s: 'é'.repeat(6000) })).toBeNull();
    expect(detailProblem({ s: '€'.repeat(6000) })?.message).toMatch(/at most 16384 bytes/);
  });

  it('refuses lone surrogates and U+0000, naming where they are; a valid pair is fine', () => {
    expect(detailProblem({ name: 'Emoji 😀 ok' })).toBeNull();
    expect(detailProblem({ user: { name: 'a\ud800b' } })).toEqual({ path: ['user', 'name'], message: 'must not contain a lone UTF-16 surrogate' });
    expect(detailProblem({ list: ['ok', '\udc00'] })).toEqual({ path: ['list', 1], message: 'must not contain a lone UTF-16 surrogate' });
    expect(detailProblem({ tail: 'x\ud83d' })?.path).toEqual(['tail']);
    expect(detailProblem({ error: 'a\u0000b' })).toEqual({ path: ['error'], message: 'must not contain U+0000' });
    expect(detailProblem({ inner: { 'k\ud800': 1 } })).toEqual({ path: ['inner'], message: 'keys must not contain a lone UTF-16 surrogate' });
  });
});
