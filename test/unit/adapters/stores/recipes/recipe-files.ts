import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach } from 'vitest';

/** A complete recipe for a store no shipped file defines. */
export function newStore(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key: 'corner-books-nl',
    name: 'Corner Books',
    country: 'NL',
    currency: 'EUR',
    formats: ['paperback'],
    homepageUrl: 'https://corner-books.example/',
    productUrlTemplate: 'https://corner-books.example/isbn/{isbn13}',
    demo: false,
    verified: 'unverified',
    ...overrides,
  };
}

/** Temporary recipe files, removed after each test: `write('a.json', value)` returns the file's path. */
export function recipeFolder(): { root: () => string; write: (name: string, content: unknown) => string } {
  let root: string | undefined;
  afterEach(() => {
    if (root) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });
  const ensure = (): string => (root ??= mkdtempSync(join(tmpdir(), 'shelfwatch-recipes-')));
  return {
    root: ensure,
    write(name, content) {
      const path = join(ensure(), name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
      return path;
    },
  };
}
