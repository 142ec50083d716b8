// What ListBooks relies on from BookPages: the whole catalog in keyset pages by id (no gap, no repeat), each book
// summarised exactly as BookRepository.page shows it with no filter (authors in order, type and genre, the cover of
// the lowest edition that has one, the formats in catalog order, the timestamps).
import { describe, expect, it } from 'vitest';
import { type BookPages, bookSummaryOf } from '../../../src/application/catalog/ports/book-pages.js';
import type { BookRepository } from '../../../src/application/catalog/ports/book-repository.js';
import { Book, type BookFields } from '../../../src/domain/catalog/book.js';
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface BookPagesWorld {
  pages: BookPages;
  /** Where the books are saved, and what the summaries must agree with. */
  books: BookRepository;
  anAuthor(name: string): Promise<number>;
  anEdition(bookId: number, format: EditionFormat, coverUrl?: string | null): Promise<void>;
  aTypeAndGenre(): Promise<{ typeId: number; genreId: number }>;
}

const CREATED = new Date('2026-01-15T10:00:00.250Z');

async function saved(w: BookPagesWorld, fields: Partial<BookFields> = {}): Promise<number> {
  const book = Book.create({ originalTitle: 'Die Verwandlung', authorIds: [], typeId: null, genreId: null, ...fields }, CREATED);
  await w.books.save(book);
  return book.id;
}

const summary = bookSummaryOf;

export function describeBookPagesContract(name: string, makeSubject: () => Promise<BookPagesWorld>): void {
  describe(`BookPages contract: ${name}`, () => {
    it('answers an empty first and last page for an empty catalog', async () => {
      const w = await makeSubject();
      expect(await w.pages.list({ window: { kind: 'first' }, size: 20 })).toEqual({ items: [], hasMore: false });
      expect(await w.pages.list({ window: { kind: 'last' }, size: 20 })).toEqual({ items: [], hasMore: false });
    });

    it('lists every book by id in keyset pages, without gaps or repeats', async () => {
      const w = await makeSubject();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await saved(w, { originalTitle: `Book ${i}` }));
      await expectKeysetPages((r) => w.pages.list(r), (b) => b.id, ids);
      await expectKeysetPages((r) => w.pages.list(r), (b) => b.id, ids, 3);
      await expectKeysetPages((r) => w.pages.list(r), (b) => b.id, ids, 5);
    });

    it('summarises each book as the repository shows it: authors in order, references, cover, formats, timestamps', async () => {
      const w = await makeSubject();
      const [kafka, brod] = [await w.anAuthor('Franz Kafka'), await w.anAuthor('Max Brod')];
      const { typeId, genreId } = await w.aTypeAndGenre();
      const full = await saved(w, { originalTitle: 'Der Process — „Roman“ & Fragment', authorIds: [brod, kafka], typeId, genreId });
      const bare = await saved(w, { originalTitle: 'Das Schloss' });
      const one = await saved(w, { originalTitle: 'Amerika', authorIds: [kafka] });
      await w.anEdition(full, 'ebook');
      await w.anEdition(full, 'paperback', 'https://covers.example/first.jpg');
      await w.anEdition(full, 'audiobook', 'https://covers.example/second.jpg');
      await w.anEdition(full, 'ebook');
      await w.anEdition(one, 'hardcover');

      const listed = await readAll((r) => w.pages.list(r));
      expect(listed.map(summary)).toEqual((await readAll((r) => w.books.page({}, r))).map(summary));
      expect(listed.map(summary)).toEqual([
        { id: full, originalTitle: 'Der Process — „Roman“ & Fragment', authorIds: [brod, kafka], typeId, genreId, coverUrl: 'https://covers.example/first.jpg', formats: ['paperback', 'ebook', 'audiobook'], createdAt: CREATED, updatedAt: CREATED },
        { id: bare, originalTitle: 'Das Schloss', authorIds: [], typeId: null, genreId: null, coverUrl: null, formats: [], createdAt: CREATED, updatedAt: CREATED },
        { id: one, originalTitle: 'Amerika', authorIds: [kafka], typeId: null, genreId: null, coverUrl: null, formats: ['hardcover'], createdAt: CREATED, updatedAt: CREATED },
      ]);
    });
  });
}
