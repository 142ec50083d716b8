// Names the pages show next to ids (a wish's book title, an alert's store), fetched from `/api` once per page load;
// a page of items asks for all the books or authors it names in ONE request (`?ids=`), never one per item.
import { api, collectAll, type Page } from './api.js';

export interface Book {
  book_id: number;
  book_original_title: string;
  author_ids: number[];
  type_id: number | null;
  genre_id: number | null;
  /** The cover of its first edition that has one (absent from an older service). */
  cover_url?: string | null;
  formats?: string[];
  created_at: string;
}

export interface Author {
  author_id: number;
  author_name: string;
  aliases: string[];
  is_user_created: boolean;
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

/**
 * The listed books (at most 100, a page's worth) in one request. Ids that name no book are absent from the map.
 */
export function booksByIds(ids: readonly number[]): Promise<Map<number, Book>> {
  return byIds<Book>('/api/books', ids, (b) => b.book_id);
}

/** The listed authors (at most 100) in one request. */
export function authorsByIds(ids: readonly number[]): Promise<Map<number, Author>> {
  return byIds<Author>('/api/authors', ids, (a) => a.author_id);
}

/** The authors of `books` by id, in one request (empty without any). */
export function authorsOf(books: Iterable<Book>): Promise<Map<number, Author>> {
  return authorsByIds([...books].flatMap((b) => b.author_ids));
}

async function byIds<T>(path: string, ids: readonly number[], idOf: (item: T) => number): Promise<Map<number, T>> {
  const unique = [...new Set(ids)].slice(0, 100);
  if (unique.length === 0) return new Map();
  const page = await api<Page<T>>('GET', `${path}?ids=${unique.join(',')}&per_page=100`);
  return new Map(page.data.map((item) => [idOf(item), item]));
}

/** "Ursula K. Le Guin, Octavia E. Butler" for a book's authors, in the book's order; '' without any. */
export function authorNames(book: Book | undefined, authors: Map<number, Author>): string {
  return (book?.author_ids ?? []).map((id) => authors.get(id)?.author_name).filter((name): name is string => Boolean(name)).join(', ');
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
