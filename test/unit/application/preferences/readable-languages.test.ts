// AddReadableLanguage, RemoveReadableLanguage and ListReadableLanguages on hand-written fakes.
import { describe, expect, it } from 'vitest';
import { AddReadableLanguage } from '../../../../src/application/preferences/add-readable-language.js';
import { ListReadableLanguages } from '../../../../src/application/preferences/list-readable-languages.js';
import { RemoveReadableLanguage } from '../../../../src/application/preferences/remove-readable-language.js';
import { UnknownReferenceError } from '../../../../src/domain/catalog/errors.js';
import { LanguageAlreadyAddedError, ReadableLanguageNotFoundError } from '../../../../src/domain/wishes/errors.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryReadableLanguageRepository } from '../../../support/fakes/in-memory-readable-language-repository.js';
import { InMemoryReferenceCatalog } from '../../../support/fakes/in-memory-reference-catalog.js';
import { firstPage, pageAfter } from '../../../support/mothers/page.js';
import { aLanguage } from '../../../support/mothers/reference.js';

const READER = 5;
const OTHER_READER = 6;
const GERMAN = aLanguage({ id: 1, code: 'de', name: 'German' });
const ENGLISH = aLanguage({ id: 2, code: 'en', name: 'English' });
const POLISH = aLanguage({ id: 3, code: 'pl', name: 'Polish' });

function world() {
  const reference = new InMemoryReferenceCatalog().withLanguages(GERMAN, ENGLISH, POLISH);
  const languages = new InMemoryReadableLanguageRepository(reference.languages);
  return {
    add: new AddReadableLanguage(languages, reference, new FakeUnitOfWork()),
    remove: new RemoveReadableLanguage(languages),
    list: new ListReadableLanguages(languages),
    languages,
  };
}

describe('AddReadableLanguage', () => {
  it('adds the language for the user and answers it', async () => {
    const { add, languages } = world();
    expect(await add.execute(READER, ENGLISH.id)).toEqual(ENGLISH);
    expect(languages.of(READER)).toEqual([ENGLISH.id]);
    expect(languages.of(OTHER_READER)).toEqual([]);
  });

  it('refuses an unknown language as a validation problem of language_id', async () => {
    const { add, languages } = world();
    const refused = add.execute(READER, 99);
    await expect(refused).rejects.toBeInstanceOf(UnknownReferenceError);
    await expect(refused).rejects.toMatchObject({ code: 'validation_failed', details: [{ field: 'language_id', message: 'unknown language 99' }] });
    expect(languages.of(READER)).toEqual([]);
  });

  it('refuses a language the user already reads with a conflict', async () => {
    const { add } = world();
    await add.execute(READER, GERMAN.id);
    const refused = add.execute(READER, GERMAN.id);
    await expect(refused).rejects.toBeInstanceOf(LanguageAlreadyAddedError);
    await expect(refused).rejects.toMatchObject({ code: 'conflict' });
  });
});

describe('RemoveReadableLanguage', () => {
  it('removes the language for that user only', async () => {
    const { add, remove, languages } = world();
    await add.execute(READER, GERMAN.id);
    await add.execute(OTHER_READER, GERMAN.id);
    await remove.execute(READER, GERMAN.id);
    expect(languages.of(READER)).toEqual([]);
    expect(languages.of(OTHER_READER)).toEqual([GERMAN.id]);
  });

  it('answers not_found for a language the user does not read', async () => {
    const { remove } = world();
    const refused = remove.execute(READER, GERMAN.id);
    await expect(refused).rejects.toBeInstanceOf(ReadableLanguageNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found', message: 'Readable language 1 does not exist' });
  });
});

describe('ListReadableLanguages', () => {
  it("pages the user's languages by id", async () => {
    const { add, list } = world();
    for (const language of [POLISH, GERMAN, ENGLISH]) await add.execute(READER, language.id);
    await add.execute(OTHER_READER, POLISH.id);
    const first = await list.execute(READER, firstPage(2));
    expect(first).toEqual({ items: [GERMAN, ENGLISH], hasMore: true });
    expect(await list.execute(READER, pageAfter(ENGLISH.id, 2))).toEqual({ items: [POLISH], hasMore: false });
    expect(await list.execute(OTHER_READER, firstPage())).toEqual({ items: [POLISH], hasMore: false });
  });
});
