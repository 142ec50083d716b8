import { describe, expect, it } from 'vitest';
import { type CursorState, CursorCodec, filterHashOf, InvalidCursorError } from '../../../../../../src/adapters/kits/http/pagination/cursor-codec.js';

const codec = new CursorCodec('unit-test-key');
const hash = filterHashOf({ q: 'tolkien' });

const states: CursorState[] = [
  { window: { kind: 'after', key: 1 }, perPage: 20, filterHash: hash },
  { window: { kind: 'after', key: 987654321 }, perPage: 1, filterHash: filterHashOf({}) },
  { window: { kind: 'before', key: 42 }, perPage: 100, filterHash: hash },
  { window: { kind: 'after', key: Number.MAX_SAFE_INTEGER }, perPage: 7, filterHash: hash },
  { window: { kind: 'last' }, perPage: 20, filterHash: hash },
];

const URL_SAFE = /^[A-Za-z0-9_.-]+$/;

function expectInvalid(cursor: string): void {
  expect(() => codec.decode(cursor), JSON.stringify(cursor)).toThrow(InvalidCursorError);
}

/** Replaces the character at `index` by another URL-safe character. */
function flip(cursor: string, index: number): string {
  const c = cursor[index]!;
  const replacement = c === 'A' ? 'B' : 'A';
  return cursor.slice(0, index) + replacement + cursor.slice(index + 1);
}

describe('CursorCodec round trip', () => {
  it.each(states.map((s) => [JSON.stringify(s), s] as const))('decodes what it encoded: %s', (_label, state) => {
    expect(codec.decode(codec.encode(state))).toEqual(state);
  });

  it('is deterministic and tells positions, sizes and filters apart', () => {
    const encoded = states.map((s) => codec.encode(s));
    expect(states.map((s) => codec.encode(s))).toEqual(encoded);
    expect(new Set(encoded).size).toBe(states.length);
    const base = states[0]!;
    expect(codec.encode({ ...base, perPage: 21 })).not.toBe(codec.encode(base));
    expect(codec.encode({ ...base, filterHash: filterHashOf({ q: 'pratchett' }) })).not.toBe(codec.encode(base));
    expect(codec.encode({ ...base, window: { kind: 'before', key: 1 } })).not.toBe(codec.encode(base));
  });
});

describe('CursorCodec URL-safety', () => {
  it('produces cursors that need no escaping in a query string', () => {
    for (let key = 1; key < 5000; key += 37) {
      for (const state of [...states, { window: { kind: 'after' as const, key }, perPage: (key % 100) + 1, filterHash: filterHashOf({ q: `q${key}?&=/+` }) }]) {
        const cursor = codec.encode(state);
        expect(cursor).toMatch(URL_SAFE);
        expect(encodeURIComponent(cursor)).toBe(cursor);
        expect(new URLSearchParams(`cursor=${cursor}`).get('cursor')).toBe(cursor);
      }
    }
  });

  it('stays short enough for the 512-character limit of the cursor parameter', () => {
    expect(codec.encode(states[3]!).length).toBeLessThanOrEqual(512);
  });
});

describe('CursorCodec tamper detection', () => {
  it('rejects a cursor in which any single character was changed', () => {
    for (const state of states) {
      const cursor = codec.encode(state);
      for (let i = 0; i < cursor.length; i++) {
        if (cursor[i] === '.') continue;
        expectInvalid(flip(cursor, i));
      }
    }
  });

  it('rejects a cursor whose payload was swapped for another valid payload', () => {
    const a = codec.encode(states[0]!);
    const b = codec.encode(states[2]!);
    const [bodyA] = a.split('.');
    const [, signatureB] = b.split('.');
    expectInvalid(`${bodyA}.${signatureB}`);
  });

  it('rejects a cursor signed with another key', () => {
    const foreign = new CursorCodec('another-key').encode(states[0]!);
    expectInvalid(foreign);
  });

  it('rejects a hand-made payload without a signature', () => {
    const body = Buffer.from(JSON.stringify(['a', 1, 20, hash])).toString('base64url');
    expectInvalid(body);
    expectInvalid(`${body}.`);
    expectInvalid(`${body}.AAAAAAAAAAAAAAAA`);
  });

  it.each([
    ['', 'empty'],
    ['.', 'only a dot'],
    ['abc', 'no signature'],
    ['a.b.c', 'three parts'],
    [`${'A'.repeat(600)}.AAAAAAAAAAAAAAAA`, 'too long'],
    ['%%%.%%%', 'not base64url'],
    ['eyJ9.xxxxxxxxxxxxxxxx', 'garbage'],
  ])('rejects garbage: %j (%s)', (cursor) => {
    expectInvalid(cursor);
  });

  it('rejects a cursor that is valid but has extra characters appended or a part removed', () => {
    const cursor = codec.encode(states[0]!);
    expectInvalid(`${cursor}A`);
    expectInvalid(`${cursor}.`);
    expectInvalid(cursor.slice(0, -1));
    expectInvalid(cursor.slice(1));
  });
});

describe('CursorCodec per listing', () => {
  it('keeps a cursor valid for its own listing only, also once its signature is remembered', () => {
    const books = codec.forListing('/api/books');
    const authors = codec.forListing('/api/authors');
    const cursor = books.encode(states[0]!);
    // Decoding twice exercises the remembered signature as well as the computed one.
    expect(books.decode(cursor)).toEqual(states[0]);
    expect(books.decode(cursor)).toEqual(states[0]);
    expect(() => authors.decode(cursor)).toThrow(InvalidCursorError);
    expect(() => codec.decode(cursor)).toThrow(InvalidCursorError);
    expect(authors.encode(states[0]!)).not.toBe(cursor);
  });

  it('still rejects a tampered cursor after the genuine one was remembered', () => {
    const books = codec.forListing('/api/books');
    const cursor = books.encode(states[1]!);
    books.decode(cursor);
    const [body, signature] = cursor.split('.') as [string, string];
    const other = books.encode(states[2]!).split('.')[0]!;
    expect(() => books.decode(`${other}.${signature}`)).toThrow(InvalidCursorError);
    expect(() => books.decode(`${body}.${flip(signature, 0)}`)).toThrow(InvalidCursorError);
  });
});

describe('filterHashOf', () => {
  it('does not depend on the order of the filters and ignores undefined ones', () => {
    expect(filterHashOf({ q: 'x', type_id: 3 })).toBe(filterHashOf({ type_id: 3, q: 'x' }));
    expect(filterHashOf({ q: undefined })).toBe(filterHashOf({}));
    expect(filterHashOf({ q: 'x', genre_id: undefined })).toBe(filterHashOf({ q: 'x' }));
  });

  it('tells different filters apart', () => {
    const hashes = [{}, { q: 'x' }, { q: 'y' }, { q: 'X' }, { type_id: 1 }, { type_id: 2 }, { q: 'x', type_id: 1 }, { genre_id: 1 }].map(filterHashOf);
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it('is a short URL-safe string', () => {
    expect(filterHashOf({ q: 'a b&c=d/é' })).toMatch(URL_SAFE);
  });
});
