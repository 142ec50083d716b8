import { expect } from 'vitest';
import type { PageRequest, PageSlice } from '../../../src/domain/shared/page.js';

export type PageReader<T> = (request: PageRequest) => Promise<PageSlice<T>>;

/**
 * Reads every page forward (the first, then after each page's last key) and backward (the last, then before each
 * page's first key) in pages of `size`, and expects both walks to list exactly `expected` keys in that order: no
 * gap, no repeat, `hasMore` on every page but the one that reaches the end.
 */
export async function expectKeysetPages<T>(read: PageReader<T>, keyOf: (item: T) => number, expected: readonly number[], size = 2): Promise<void> {
  const forward: number[] = [];
  let request: PageRequest = { window: { kind: 'first' }, size };
  for (let pages = 0; pages <= expected.length + 1; pages++) {
    const page = await read(request);
    const keys = page.items.map(keyOf);
    forward.push(...keys);
    expect(page.hasMore, `forward page ${pages} after ${JSON.stringify(forward)}`).toBe(forward.length < expected.length);
    if (!page.hasMore || keys.length === 0) break;
    request = { window: { kind: 'after', key: keys.at(-1)! }, size };
  }
  expect(forward, 'read forward').toEqual(expected);

  const backward: number[] = [];
  request = { window: { kind: 'last' }, size };
  for (let pages = 0; pages <= expected.length + 1; pages++) {
    const page = await read(request);
    const keys = page.items.map(keyOf);
    backward.unshift(...keys);
    expect(page.hasMore, `backward page ${pages} before ${JSON.stringify(backward)}`).toBe(backward.length < expected.length);
    if (!page.hasMore || keys.length === 0) break;
    request = { window: { kind: 'before', key: keys[0]! }, size };
  }
  expect(backward, 'read backward').toEqual(expected);
}

/** Every item, read in one page large enough for all of them. */
export async function readAll<T>(read: PageReader<T>): Promise<T[]> {
  const page = await read({ window: { kind: 'first' }, size: 100_000 });
  expect(page.hasMore).toBe(false);
  return page.items;
}
