// The catalog's read use cases on hand-written fakes: GetBook, GetAuthor, GetEdition, ListBooks, ListEditions, ListAuthors.
import { describe, expect, it } from 'vitest';
import { GetAuthor } from '../../../../src/application/catalog/get-author.js';
import { GetBook } from '../../../../src/application/catalog/get-book.js';
import { GetEdition } from '../../../../src/application/catalog/get-edition.js';
import { ListAuthors } from '../../../../src/application/catalog/list-authors.js';
import { ListBooks } from '../../../../src/application/catalog/list-books.js';
import { ListEditions } from '../../../../src/application/catalog/list-editions.js';
import { AuthorNotFoundError, BookNotFoundError, EditionNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { InMemoryAuthorRepository } from '../../../support/fakes/in-memory-author-repository.js';
import { InMemoryBookPages } from '../../../support/fakes/in-memory-book-pages.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { InMemoryEditionRepository } from '../../../support/fakes/in-memory-edition-repository.js';
import { aBook, anAuthor, anEdition, ISBNS } from '../../../support/mothers/catalog.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';

function catalog() {
  const books = new InMemoryBookRepository().add(
    aBook({ id: 1, originalTitle: 'Die Verwandlung' }),
    aBook({ id: 2, originalTitle: 'Das Schloss' }),
    aBook({ id: 3, originalTitle: 'Der Verschollene' }),
  );
  const authors = new InMemoryAuthorRepository().add(anAuthor({ id: 1, name: 'Franz Kafka' }), anAuthor({ id: 2, name: 'Stanisław Lem' }));
  const editions = new InMemoryEditionRepository().addExisting(
    anEdition({ id: 1, bookId: 1, isbn: ISBNS[0] }),
    anEdition({ id: 2, bookId: 2, isbn: ISBNS[1] }),
    anEdition({ id: 3, bookId: 1, isbn: ISBNS[2], format: 'hardcover' }),
  );
  return { books, authors, editions };
}

describe('GetBook, GetAuthor, GetEdition', () => {
  it('answer the stored entity', async () => {
    const { books, authors, editions } = catalog();
    expect(await new GetBook(books).execute(2)).toMatchObject({ id: 2, originalTitle: 'Das Schloss' });
    expect(await new GetAuthor(authors).execute(2)).toMatchObject({ id: 2, name: 'Stanisław Lem' });
    expect(await new GetEdition(editions).execute(3)).toMatchObject({ id: 3, bookId: 1, format: 'hardcover' });
  });

  it('refuse an unknown id with not_found, naming the resource', async () => {
    const { books, authors, editions } = catalog();
    await expect(new GetBook(books).execute(9)).rejects.toThrow(new BookNotFoundError(9));
    await expect(new GetAuthor(authors).execute(9)).rejects.toThrow(new AuthorNotFoundError(9));
    await expect(new GetEdition(editions).execute(9)).rejects.toThrow(new EditionNotFoundError(9));
    await expect(new GetBook(books).execute(9)).rejects.toMatchObject({ code: 'not_found', message: 'Book 9 does not exist' });
  });
});

describe('ListBooks', () => {
  it('without a query lists every book, page by page, from the read-side listing', async () => {
    const { books } = catalog();
    const pages = new InMemoryBookPages(books);
    const use = new ListBooks(books, pages);
    expect(await use.execute({}, firstPage(2))).toMatchObject({ items: [{ id: 1 }, { id: 2 }], hasMore: true });
    expect(await use.execute({ q: '  ' }, pageAfter(2, 2))).toMatchObject({ items: [{ id: 3 }], hasMore: false });
    expect(pages.requests).toEqual([firstPage(2), pageAfter(2, 2)]);
    expect(books.filters).toEqual([]);
  });

  it('searches and narrows by ids through the repository, never the read-side listing', async () => {
    const { books } = catalog();
    const pages = new InMemoryBookPages(books);
    await new ListBooks(books, pages).execute({ q: 'schloss' }, firstPage());
    await new ListBooks(books, pages).execute({ ids: [2] }, firstPage());
    expect(books.filters).toEqual([{ search: 'schloss' }, { ids: [2] }]);
    expect(pages.requests).toEqual([]);
  });

  it('folds the query (case, accents, spaces) before searching', async () => {
    const { books } = catalog();
    const page = await new ListBooks(books, new InMemoryBookPages(books)).execute({ q: '  VÉRWANDLUNG ' }, firstPage());
    expect(page.items.map((b) => b.id)).toEqual([1]);
    expect(books.filters).toEqual([{ search: 'verwandlung' }]);
  });

  it('treats a blank query as no query', async () => {
    const { books } = catalog();
    const pages = new InMemoryBookPages(books);
    expect((await new ListBooks(books, pages).execute({ q: '   ' }, firstPage())).items).toHaveLength(3);
    expect(pages.requests).toEqual([firstPage()]);
    expect(books.filters).toEqual([]);
  });

  it('lists the named books that exist, in id order, each once, and pages them', async () => {
    const { books } = catalog();
    const use = new ListBooks(books, new InMemoryBookPages(books));
    expect((await use.execute({ ids: [3, 9, 1, 3] }, firstPage())).items.map((b) => b.id)).toEqual([1, 3]);
    expect(books.filters).toEqual([{ ids: [3, 9, 1] }]);
    expect(await use.execute({ ids: [3, 1, 2] }, firstPage(2))).toMatchObject({ items: [{ id: 1 }, { id: 2 }], hasMore: true });
    expect(await use.execute({ ids: [3, 1, 2] }, pageAfter(2, 2))).toMatchObject({ items: [{ id: 3 }], hasMore: false });
  });

  it('narrows the named books by the query too', async () => {
    const { books } = catalog();
    const page = await new ListBooks(books, new InMemoryBookPages(books)).execute({ ids: [1, 2], q: 'der' }, firstPage());
    expect(page.items).toEqual([]);
    expect(books.filters).toEqual([{ ids: [1, 2], search: 'der' }]);
    expect((await new ListBooks(books, new InMemoryBookPages(books)).execute({ ids: [1, 3], q: 'ver' }, firstPage())).items.map((b) => b.id)).toEqual([1, 3]);
  });
});

describe('ListEditions', () => {
  it("pages the book's editions only", async () => {
    const { books, editions } = catalog();
    const page = await new ListEditions(books, editions).execute(1, firstPage());
    expect(page).toMatchObject({ items: [{ id: 1 }, { id: 3 }], hasMore: false });
  });

  it('refuses an unknown book with not_found rather than an empty list', async () => {
    const { books, editions } = catalog();
    await expect(new ListEditions(books, editions).execute(9, firstPage())).rejects.toBeInstanceOf(BookNotFoundError);
  });
});

describe('ListAuthors', () => {
  it('without a query lists every author', async () => {
    const { authors } = catalog();
    expect((await new ListAuthors(authors).execute({}, firstPage())).items.map((a) => a.id)).toEqual([1, 2]);
    expect(authors.filters).toEqual([{}]);
  });

  it('searches the folded query', async () => {
    const { authors } = catalog();
    const page = await new ListAuthors(authors).execute({ q: 'STANISLAW' }, firstPage());
    expect(page.items.map((a) => a.id)).toEqual([2]);
    expect(authors.filters).toEqual([{ search: 'stanislaw' }]);
  });

  it('lists the named authors that exist, in id order, narrowed by the query when there is one', async () => {
    const { authors } = catalog();
    const use = new ListAuthors(authors);
    expect((await use.execute({ ids: [2, 7, 1, 2] }, firstPage())).items.map((a) => a.id)).toEqual([1, 2]);
    expect((await use.execute({ ids: [1, 2], q: 'kafka' }, firstPage())).items.map((a) => a.id)).toEqual([1]);
    expect(authors.filters).toEqual([{ ids: [2, 7, 1] }, { search: 'kafka', ids: [1, 2] }]);
    // The query's own rule still holds with ids.
    await expect(use.execute({ ids: [1], q: 'ka' }, firstPage())).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a query shorter than three characters once folded, without asking the repository', async () => {
    const { authors } = catalog();
    const use = new ListAuthors(authors);
    // A rejection, never a throw at the call: callers that chain .catch() see it too.
    const refused = use.execute({ q: ' Lé ' }, firstPage());
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'q', message: 'must be at least 3 characters' }] });
    await expect(use.execute({ q: 'Lem' }, firstPage())).resolves.toMatchObject({ items: [{ id: 2 }] });
    expect(authors.filters).toEqual([{ search: 'lem' }]);
  });
});
