// What the catalog's book use cases rely on from a BookRepository: a saved book reads back as saved (its authors in
// order, replaced whole on the next save), its cover and formats come from its editions and are never written, a
// book on a wish list or a list cannot be deleted, an author gone before the save is an unknown reference, and the
// listing is one keyset page by id, narrowed by `ids` and by a search on the folded title or an author's name or
// alias (a literal "contains": % and _ are plain characters).
import { describe, expect, it } from 'vitest';
import type { BookRepository } from '../../../src/application/catalog/ports/book-repository.js';
import { bookSummaryOf } from '../../../src/application/catalog/ports/book-pages.js';
import { Book, type BookFields } from '../../../src/domain/catalog/book.js';
import type { EditionFormat } from '../../../src/domain/catalog/edition.js';
import { BookInUseError, UnknownReferenceError } from '../../../src/domain/catalog/errors.js';
import { expectKeysetPages, readAll } from './keyset-pages.js';

export interface BookWorld {
  books: BookRepository;
  /** An author named `name`, with `aliases`; its id. */
  anAuthor(name: string, aliases?: string[]): Promise<number>;
  /** An edition of the book in `format`, with that cover (or none). */
  anEdition(bookId: number, format: EditionFormat, coverUrl?: string | null): Promise<void>;
  /** A user wishes the book. */
  aWishFor(bookId: number): Promise<void>;
  /** A user's list holds the book. */
  aListWith(bookId: number): Promise<void>;
  /** A type and one of its genres. */
  aTypeAndGenre(): Promise<{ typeId: number; genreId: number }>;
  /** One transaction around `work` (what the use cases hold around a read and a save). */
  transaction<T>(work: () => Promise<T>): Promise<T>;
}

const CREATED = new Date('2026-01-15T10:00:00Z');
const UPDATED = new Date('2026-02-01T08:30:00Z');
const fields = (change: Partial<BookFields> = {}): BookFields => ({
  originalTitle: 'Die Verwandlung',
  authorIds: [],
  typeId: null,
  genreId: null,
  ...change,
});
const ascending = (ids: readonly number[]) => [...ids].sort((x, y) => x - y);

/** Saves a new book (outside any transaction, as a seeder would) and answers its id. */
async function saved(w: BookWorld, change: Partial<BookFields> = {}): Promise<number> {
  const book = Book.create(fields(change), CREATED);
  await w.books.save(book);
  expect(book.id).toEqual(expect.any(Number));
  return book.id;
}

/** What a reader of the book sees. */
const shown = (b: Book | null | undefined) =>
  b && { ...bookSummaryOf(b), titleSearch: b.titleSearch, titleKey: b.titleKey };

const idOf = (b: Book) => b.id;

export function describeBookRepositoryContract(name: string, makeSubject: () => Promise<BookWorld>): void {
  describe(`BookRepository contract: ${name}`, () => {
    it('numbers a new book and reads it back as saved, its authors in order; nothing for an unknown id', async () => {
      const w = await makeSubject();
      const [kafka, brod] = [await w.anAuthor('Franz Kafka'), await w.anAuthor('Max Brod')];
      const { typeId, genreId } = await w.aTypeAndGenre();
      const book = Book.create(fields({ originalTitle: '  Der Process ', authorIds: [brod, kafka], typeId, genreId }), CREATED);
      await w.books.save(book);
      expect(shown(await w.books.findById(book.id))).toEqual({
        id: book.id,
        originalTitle: 'Der Process',
        titleSearch: 'der process',
        titleKey: 'der process',
        authorIds: [brod, kafka],
        typeId,
        genreId,
        coverUrl: null,
        formats: [],
        createdAt: CREATED,
        updatedAt: CREATED,
      });
      expect(shown((await readAll((r) => w.books.page({}, r)))[0])).toEqual(shown(await w.books.findById(book.id)));
      expect(await w.books.findById(book.id + 1000)).toBeNull();
    });

    it('replaces a book whole on the next save, its author links too', async () => {
      const w = await makeSubject();
      const [a, b, c] = [await w.anAuthor('Franz Kafka'), await w.anAuthor('Max Brod'), await w.anAuthor('Milena Jesenská')];
      const { typeId, genreId } = await w.aTypeAndGenre();
      const id = await saved(w, { originalTitle: 'Der Process', authorIds: [a, b], typeId, genreId });
      await w.transaction(async () => {
        const book = (await w.books.findById(id))!;
        book.replace(fields({ originalTitle: "Kafka's Trial", authorIds: [c, a], typeId: null, genreId: null }), UPDATED);
        await w.books.save(book);
      });
      expect(shown(await w.books.findById(id))).toMatchObject({
        originalTitle: "Kafka's Trial",
        titleSearch: "kafka's trial",
        titleKey: 'kafkas trial',
        authorIds: [c, a],
        typeId: null,
        genreId: null,
        createdAt: CREATED,
        updatedAt: UPDATED,
      });
      await w.transaction(async () => {
        const book = (await w.books.findById(id))!;
        book.replace(fields({ originalTitle: "Kafka's Trial", authorIds: [] }), UPDATED);
        await w.books.save(book);
      });
      expect((await w.books.findById(id))?.authorIds).toEqual([]);
      expect(await readAll((r) => w.books.page({ search: 'process' }, r))).toEqual([]);
      expect(await readAll((r) => w.books.page({ search: 'brod' }, r))).toEqual([]);
    });

    it('shows the formats of its editions in catalog order and the first cover; saving never writes them', async () => {
      const w = await makeSubject();
      const id = await saved(w, { originalTitle: 'Solaris' });
      const bare = await saved(w, { originalTitle: 'Ubik' });
      await w.anEdition(id, 'audiobook');
      await w.anEdition(id, 'hardcover', 'https://covers.example/first.jpg');
      await w.anEdition(id, 'paperback', 'https://covers.example/second.jpg');
      await w.anEdition(id, 'hardcover');
      const expected = { coverUrl: 'https://covers.example/first.jpg', formats: ['hardcover', 'paperback', 'audiobook'] };
      expect(await w.books.findById(id)).toMatchObject(expected);
      expect((await readAll((r) => w.books.page({ ids: [id, bare] }, r))).map((b) => [b.id, b.coverUrl, b.formats])).toEqual([
        [id, expected.coverUrl, expected.formats],
        [bare, null, []],
      ]);
      await w.transaction(async () => {
        const book = (await w.books.findById(id))!;
        book.coverUrl = 'https://covers.example/written.jpg';
        book.formats = ['ebook'];
        await w.books.save(book);
      });
      expect(await w.books.findById(id)).toMatchObject(expected);
    });

    it('refuses an author deleted before the save as an unknown reference, keeping nothing of the book', async () => {
      const w = await makeSubject();
      const author = await w.anAuthor('Franz Kafka');
      const attempt = w.transaction(() => w.books.save(Book.create(fields({ authorIds: [author, author + 1000] }), CREATED)));
      await expect(attempt).rejects.toBeInstanceOf(UnknownReferenceError);
      expect(await readAll((r) => w.books.page({}, r))).toEqual([]);
    });

    it('answers the ids that name no book (repeats kept), none for an empty list', async () => {
      const w = await makeSubject();
      const [a, b] = [await saved(w), await saved(w, { originalTitle: 'Das Schloss' })];
      const unknown = Math.max(a, b) + 1000;
      expect(await w.books.findMissingIds([a, b])).toEqual([]);
      expect(ascending(await w.books.findMissingIds([unknown + 1, a, unknown, unknown, b]))).toEqual([unknown, unknown, unknown + 1]);
      expect(await w.books.findMissingIds([])).toEqual([]);
    });

    it('deletes a book nobody holds; refuses one on a wish list or a list, keeping it', async () => {
      const w = await makeSubject();
      const free = await saved(w, { originalTitle: 'Free' });
      const wished = await saved(w, { originalTitle: 'Wished' });
      const listed = await saved(w, { originalTitle: 'Listed' });
      await w.anEdition(free, 'paperback');
      await w.aWishFor(wished);
      await w.aListWith(listed);
      await w.transaction(async () => w.books.delete((await w.books.findById(free))!));
      expect(await w.books.findById(free)).toBeNull();
      expect(await w.books.findMissingIds([free])).toEqual([free]);
      for (const id of [wished, listed]) {
        await expect(w.transaction(async () => w.books.delete((await w.books.findById(id))!))).rejects.toBeInstanceOf(BookInUseError);
        expect((await w.books.findById(id))?.id).toBe(id);
      }
      expect((await readAll((r) => w.books.page({}, r))).map(idOf)).toEqual([wished, listed]);
    });

    it('lists every book by id in keyset pages, without gaps or repeats', async () => {
      const w = await makeSubject();
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push(await saved(w, { originalTitle: `Book ${i}` }));
      await expectKeysetPages((r) => w.books.page({}, r), idOf, ids);
      await expectKeysetPages((r) => w.books.page({}, r), idOf, ids, 3);
    });

    it('searches the folded title and the names and aliases of its authors, each book once, in keyset pages', async () => {
      const w = await makeSubject();
      const lem = await w.anAuthor('Stanisław Lem', ['S. Lem']);
      const kafka = await w.anAuthor('Franz Kafka');
      const solaris = await saved(w, { originalTitle: 'Solaris', authorIds: [lem] });
      const castle = await saved(w, { originalTitle: 'Das Schloss', authorIds: [kafka] });
      const golem = await saved(w, { originalTitle: 'Golem XIV', authorIds: [lem] });
      const lemmings = await saved(w, { originalTitle: 'Lemmings of the North' });
      const both = await saved(w, { originalTitle: 'Lem on Lem', authorIds: [kafka, lem] });
      const search = (text: string) => readAll((r) => w.books.page({ search: text }, r)).then((books) => books.map(idOf));
      expect(await search('lem')).toEqual([solaris, golem, lemmings, both]);
      expect(await search('stanislaw')).toEqual([solaris, golem, both]);
      expect(await search('s. lem')).toEqual([solaris, golem, both]);
      expect(await search('schloss')).toEqual([castle]);
      expect(await search('kafka')).toEqual([castle, both]);
      expect(await search('tolkien')).toEqual([]);
      await expectKeysetPages((r) => w.books.page({ search: 'lem' }, r), idOf, [solaris, golem, lemmings, both], 1);
      await expectKeysetPages((r) => w.books.page({ search: 'lem' }, r), idOf, [solaris, golem, lemmings, both], 3);
    });

    it('reads % and _ in a search as plain characters', async () => {
      const w = await makeSubject();
      const percent = await saved(w, { originalTitle: 'Save 50% now' });
      await saved(w, { originalTitle: 'Save 500 now' });
      const underscore = await saved(w, { originalTitle: 'snake_case' });
      await saved(w, { originalTitle: 'snakeXcase' });
      expect((await readAll((r) => w.books.page({ search: '50%' }, r))).map(idOf)).toEqual([percent]);
      expect((await readAll((r) => w.books.page({ search: 'e_c' }, r))).map(idOf)).toEqual([underscore]);
    });

    it('lists only the books named by ids (unknown ids absent), in id order, narrowed by a search', async () => {
      const w = await makeSubject();
      const kafka = await w.anAuthor('Franz Kafka');
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) {
        const originalTitle = i % 2 === 0 ? `Die Verwandlung ${i}` : `Das Schloss ${i}`;
        ids.push(await saved(w, { originalTitle, authorIds: i === 3 ? [kafka] : [] }));
      }
      const named = [ids[4]!, ids[0]!, ids[3]!, ids[1]!, Math.max(...ids) + 1000];
      await expectKeysetPages((r) => w.books.page({ ids: named }, r), idOf, [ids[0]!, ids[1]!, ids[3]!, ids[4]!]);
      expect((await readAll((r) => w.books.page({ ids: named, search: 'verwandlung' }, r))).map(idOf)).toEqual([ids[0], ids[4]]);
      expect((await readAll((r) => w.books.page({ ids: named, search: 'kafka' }, r))).map(idOf)).toEqual([ids[3]]);
      await expectKeysetPages((r) => w.books.page({ ids: named, search: 'd' }, r), idOf, [ids[0]!, ids[1]!, ids[3]!, ids[4]!], 1);
      expect(await readAll((r) => w.books.page({ ids: [Math.max(...ids) + 1000] }, r))).toEqual([]);
      expect(await readAll((r) => w.books.page({ ids: [] }, r))).toEqual([]);
    });
  });
}
