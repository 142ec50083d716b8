// Names the pages show next to ids (a wish's book title, an alert's store), fetched from `/api` once per page load.
import { api, collectAll } from './api.js';

export interface Book {
  book_id: number;
  book_original_title: string;
  author_ids: number[];
  type_id: number | null;
  genre_id: number | null;
  created_at: string;
}

export interface Store {
  store_id: number;
  store_name: string;
  country: string | null;
  currency: string;
  formats: string[];
  homepage_url: string;
  is_active: boolean;
}

export interface Language {
  language_id: number;
  language_code: string;
  language_name: string;
}

const books = new Map<number, Promise<Book>>();
export function bookById(id: number): Promise<Book> {
  let found = books.get(id);
  if (!found) {
    found = api<Book>('GET', `/api/books/${id}`);
    books.set(id, found);
    found.catch(() => books.delete(id));
  }
  return found;
}

let stores: Promise<Map<number, Store>> | null = null;
export function storesById(): Promise<Map<number, Store>> {
  stores ??= collectAll<Store>('/api/stores?per_page=100').then(({ items }) => new Map(items.map((s) => [s.store_id, s])));
  return stores;
}

let languages: Promise<Language[]> | null = null;
export function allLanguages(): Promise<Language[]> {
  languages ??= collectAll<Language>('/api/languages?per_page=100').then(({ items }) => items);
  return languages;
}

/** Fills `target` with a book's title when it arrives (the row is already laid out, so nothing jumps). */
export function fillBookTitle(target: HTMLElement, bookId: number): void {
  bookById(bookId).then(
    (book) => {
      target.textContent = book.book_original_title;
    },
    () => {
      target.textContent = `Book ${bookId}`;
    },
  );
}

/** Fills `target` with a store's name when the stores arrive. */
export function fillStoreName(target: HTMLElement, storeId: number): void {
  storesById().then(
    (stores) => {
      target.textContent = stores.get(storeId)?.store_name ?? `Store ${storeId}`;
    },
    () => {
      target.textContent = `Store ${storeId}`;
    },
  );
}
