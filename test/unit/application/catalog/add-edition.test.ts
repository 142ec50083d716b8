// AddEdition on hand-written fakes: the parent book, the language, the ISBN normalised and kept unique.
import { describe, expect, it } from 'vitest';
import { AddEdition } from '../../../../src/application/catalog/add-edition.js';
import { BookNotFoundError, DuplicateIsbnError, UnknownReferenceError } from '../../../../src/domain/catalog/errors.js';
import { FakeCatalogReferences } from '../../../support/fakes/fake-catalog-references.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryBookRepository } from '../../../support/fakes/in-memory-book-repository.js';
import { InMemoryEditionRepository } from '../../../support/fakes/in-memory-edition-repository.js';
import { aBook, editionFields } from '../../../support/mothers/catalog.js';

const GERMAN = 1;

function world() {
  const clock = new FakeClock();
  const books = new InMemoryBookRepository().add(aBook({ id: 3 }));
  const editions = new InMemoryEditionRepository();
  const references = new FakeCatalogReferences().withLanguages(GERMAN);
  const uow = new FakeUnitOfWork();
  return { use: new AddEdition(books, editions, references, uow, clock), editions, clock, uow };
}

describe('AddEdition', () => {
  it('adds the edition to the book, with the ISBN as ISBN-13 and blank texts as null', async () => {
    const { use, editions, clock } = world();
    const edition = await use.execute(3, editionFields({ isbn: '0-306-40615-2', languageId: GERMAN, publisher: '  ', editionTitle: ' 2nd ', publishedYear: 2001 }));
    expect(edition).toMatchObject({ id: 1, bookId: 3, isbn: '9780306406157', publisher: null, editionTitle: '2nd', publishedYear: 2001, createdAt: clock.now() });
    expect(editions.all).toEqual([edition]);
  });

  it('refuses an unknown book with not_found', async () => {
    const { use, editions } = world();
    await expect(use.execute(99, editionFields())).rejects.toBeInstanceOf(BookNotFoundError);
    expect(editions.all).toEqual([]);
  });

  it('refuses an unknown language as a validation problem of language_id', async () => {
    const { use, editions } = world();
    const refused = use.execute(3, editionFields({ languageId: 42 }));
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'language_id', message: 'unknown language 42' }] });
    expect(editions.all).toEqual([]);
  });

  it('refuses an invalid ISBN or an impossible year before looking anything up', async () => {
    const { use } = world();
    await expect(use.execute(3, editionFields({ isbn: '9780306406158' }))).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(use.execute(3, editionFields({ publishedYear: 1200 }))).rejects.toMatchObject({
      code: 'validation_failed',
      details: [{ field: 'published_year' }],
    });
  });

  it('refuses an ISBN another edition has, written either way, with a conflict', async () => {
    const { use, editions, uow } = world();
    await use.execute(3, editionFields({ isbn: '9780306406157' }));
    const refused = use.execute(3, editionFields({ isbn: '0306406152' }));
    await expect(refused).rejects.toBeInstanceOf(DuplicateIsbnError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
    expect(editions.all).toHaveLength(1);
    expect(uow.rolledBack).toBe(1);
  });
});
