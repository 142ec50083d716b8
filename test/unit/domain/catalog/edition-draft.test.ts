// The one edition draft: every path that creates an edition (a user's form, an export row, a lookup by ISBN, a
// title search's find) resolves its format, language, guesses, year and enrichment here.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EDITION_FORMAT,
  DEFAULT_EDITION_LANGUAGE,
  draftEdition,
  type EditionFacts,
  type EditionOrigin,
} from '../../../../src/domain/catalog/edition-draft.js';
import { Edition } from '../../../../src/domain/catalog/edition.js';
import { ISBN_GROUP_LANGUAGES, languageOfIsbn } from '../../../../src/domain/catalog/isbn-language.js';
import { ISO_639_1_LANGUAGES } from '../../../../src/domain/reference/iso-639-1-languages.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';

const clock = new FakeClock(new Date('2026-11-25T12:00:00Z'));
const GERMAN = '9783150090114';
const UNKNOWN_GROUP = '9786200000002';

/** Everything told: a format, a language, publisher, year and cover. */
const complete = (overrides: Partial<EditionFacts> = {}): EditionFacts => ({
  isbn: GERMAN,
  format: 'hardcover',
  language: 'de',
  publisher: 'Reclam',
  publishedYear: 1995,
  coverUrl: 'https://covers.example/1.jpg',
  ...overrides,
});

const SOURCED: ReadonlyArray<Exclude<EditionOrigin, 'user'>> = ['export', 'lookup', 'search'];

describe('draftEdition: format', () => {
  it.each(SOURCED)('%s: a format not told is the commonest one, and a guess', (origin) => {
    expect(DEFAULT_EDITION_FORMAT).toBe('paperback');
    expect(draftEdition(origin, complete({ format: null }), clock.now())).toMatchObject({ format: 'paperback', guessedFields: ['format'] });
  });

  it.each(SOURCED)('%s: a format told is kept, not a guess', (origin) => {
    expect(draftEdition(origin, complete({ format: 'audiobook' }), clock.now())).toMatchObject({ format: 'audiobook', guessedFields: [] });
  });
});

describe('draftEdition: language', () => {
  it('a language not told is the ISBN registration group\'s, and a guess', () => {
    const cases: Array<[string, string]> = [
      [GERMAN, 'de'],
      ['9782070360024', 'fr'],
      ['9788420412146', 'es'],
      ['9791032305690', 'fr'],
      ['9780306406157', 'en'],
    ];
    for (const [isbn, language] of cases) {
      expect(draftEdition('export', complete({ isbn, language: null }), clock.now())).toMatchObject({ language, guessedFields: ['language'] });
    }
  });

  it('a group the table does not know: English, still a guess', () => {
    expect(languageOfIsbn(UNKNOWN_GROUP)).toBeNull();
    expect(DEFAULT_EDITION_LANGUAGE).toBe('en');
    expect(draftEdition('lookup', complete({ isbn: UNKNOWN_GROUP, language: null }), clock.now())).toMatchObject({
      language: 'en',
      guessedFields: ['language'],
    });
  });

  it('a language told is kept, whatever the ISBN group says', () => {
    expect(draftEdition('export', complete({ language: 'en' }), clock.now())).toMatchObject({ language: 'en', guessedFields: [] });
  });

  it('a code the catalog does not list counts as not told: the ISBN group decides, as a guess', () => {
    expect(draftEdition('search', complete({ language: 'xx' }), clock.now())).toMatchObject({ language: 'de', guessedFields: ['language'] });
  });

  it('every language it can answer is one the catalog lists (the language table is seeded from the same list)', () => {
    const listed = new Set(ISO_639_1_LANGUAGES.map(([code]) => code));
    for (const [, language] of ISBN_GROUP_LANGUAGES) expect(listed.has(language), language).toBe(true);
    expect(listed.has(DEFAULT_EDITION_LANGUAGE)).toBe(true);
  });
});

describe('draftEdition: guessed fields', () => {
  it('lists format, language and a placeholder title in that order, and only what was not told', () => {
    const draft = draftEdition('export', { isbn: GERMAN, format: null, language: null, publisher: null, publishedYear: null, untitled: true }, clock.now());
    expect(draft.guessedFields).toEqual(['format', 'language', 'title']);
    expect(draftEdition('export', complete({ untitled: true }), clock.now()).guessedFields).toEqual(['title']);
    expect(draftEdition('export', complete(), clock.now()).guessedFields).toEqual([]);
  });
});

describe('draftEdition: published year against the clock', () => {
  it('keeps 1450 to two years ahead of now; drops the rest from an export or a source', () => {
    const year = (publishedYear: number) => draftEdition('export', complete({ publishedYear }), clock.now()).publishedYear;
    expect(year(1450)).toBe(1450);
    expect(year(1449)).toBeNull();
    expect(year(2028)).toBe(2028);
    expect(year(2029)).toBeNull();
    expect(year(1999.5)).toBeNull();
  });

  it('the bound moves with the clock, not with the machine\'s date', () => {
    const later = new FakeClock(new Date('2026-11-25T12:00:00Z'));
    later.advance(365 * 24 * 3600 * 1000 * 2);
    expect(draftEdition('lookup', complete({ publishedYear: 2030 }), clock.now()).publishedYear).toBeNull();
    expect(draftEdition('lookup', complete({ publishedYear: 2030 }), later.now()).publishedYear).toBe(2030);
  });

  it('refuses a year out of range from a user, naming the field and the range', () => {
    const typed = { isbn: GERMAN, format: 'paperback' as const, language: 3, publisher: null, publishedYear: 2029 };
    const refusal = (() => {
      try {
        draftEdition('user', typed, clock.now());
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(ValidationError);
    expect((refusal as ValidationError).details).toEqual([{ field: 'published_year', message: 'must be from 1450 to 2028' }]);
    expect(draftEdition('user', { ...typed, publishedYear: 2028 }, clock.now()).publishedYear).toBe(2028);
    expect(draftEdition('user', { ...typed, publishedYear: null }, clock.now()).publishedYear).toBeNull();
  });
});

describe('draftEdition: waiting for enrichment', () => {
  it.each(['export', 'search'] as const)('%s: waits while something is guessed or a publisher, year or cover is missing', (origin) => {
    expect(draftEdition(origin, complete(), clock.now()).enrichedAt).toEqual(clock.now());
    expect(draftEdition(origin, complete({ format: null }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ language: null }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ untitled: true }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ publisher: '  ' }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ publishedYear: null }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ publishedYear: 3000 }), clock.now()).enrichedAt).toBeNull();
    expect(draftEdition(origin, complete({ coverUrl: null }), clock.now()).enrichedAt).toBeNull();
  });

  it('lookup: as much as the sources know, so it never waits, guesses and gaps included', () => {
    const draft = draftEdition('lookup', { isbn: GERMAN, format: null, language: null, publisher: null, publishedYear: null }, clock.now());
    expect(draft).toMatchObject({ guessedFields: ['format', 'language'], enrichedAt: clock.now() });
  });

  it('user: nothing guessed, nothing waits, whatever is missing', () => {
    const draft = draftEdition('user', { isbn: GERMAN, format: 'ebook', language: 7, publisher: null, publishedYear: null }, clock.now());
    expect(draft).toMatchObject({ format: 'ebook', language: 7, guessedFields: [], enrichedAt: clock.now() });
  });
});

describe('draftEdition: the rest', () => {
  it('holds the ISBN-13 of any spelling, trims publisher and edition title (blank is none), keeps the cover', () => {
    const draft = draftEdition('export', complete({ isbn: '3-15-009011-3', publisher: '  Reclam ', editionTitle: '   ' }), clock.now());
    expect(draft).toEqual({
      isbn13: GERMAN,
      format: 'hardcover',
      language: 'de',
      editionTitle: null,
      publisher: 'Reclam',
      publishedYear: 1995,
      coverUrl: 'https://covers.example/1.jpg',
      guessedFields: [],
      enrichedAt: clock.now(),
    });
  });

  it('refuses an invalid ISBN', () => {
    expect(() => draftEdition('export', complete({ isbn: '9783150090115' }), clock.now())).toThrow(ValidationError);
  });
});

describe('Edition.create', () => {
  it('is a user\'s draft: the language id and format as typed, nothing guessed, enriched at its creation', () => {
    const edition = Edition.create(
      4,
      { isbn: '3-15-009011-3', format: 'paperback', languageId: 9, editionTitle: ' 2nd ', publisher: ' Reclam ', publishedYear: 2001 },
      clock.now(),
    );
    expect(edition).toMatchObject({
      bookId: 4, isbn: GERMAN, format: 'paperback', languageId: 9, editionTitle: '2nd', publisher: 'Reclam', publishedYear: 2001,
      coverUrl: null, guessedFields: [], enrichedAt: clock.now(), createdAt: clock.now(), updatedAt: clock.now(),
    });
  });

  it('refuses a year out of range before looking at the ISBN', () => {
    const fields = { isbn: 'not an isbn', format: 'paperback' as const, languageId: 9, editionTitle: null, publisher: null, publishedYear: 1200 };
    expect(() => Edition.create(4, fields, clock.now())).toThrow(/Invalid edition/);
  });
});

describe('draftEdition: an export row with a barcode (issue 26 §9)', () => {
  const row = { format: null, language: null, publisher: null, publishedYear: null } as const;

  it('a product known only by its GTIN: canonical GTIN, no ISBN, English guessed, and nothing waits (sources are asked by ISBN)', () => {
    const draft = draftEdition('export', { ...row, isbn: null, gtin: '036000291452', untitled: true }, clock.now());
    expect(draft).toMatchObject({ isbn13: null, gtin: '0036000291452', language: DEFAULT_EDITION_LANGUAGE, enrichedAt: clock.now() });
    expect(draft.guessedFields).toEqual(['format', 'language', 'title']);
  });

  it('an ISBN and a different barcode: one edition with both, waiting for the ISBN\'s enrichment', () => {
    const draft = draftEdition('export', { ...row, isbn: GERMAN, gtin: '036000291452' }, clock.now());
    expect(draft).toMatchObject({ isbn13: GERMAN, gtin: '0036000291452', language: 'de', enrichedAt: null });
  });

  it('has no gtin key when the row has none, and refuses neither identifier', () => {
    expect(draftEdition('export', { ...row, isbn: GERMAN, gtin: null }, clock.now())).not.toHaveProperty('gtin');
    expect(() => draftEdition('export', { ...row, isbn: null, gtin: null }, clock.now())).toThrow(ValidationError);
  });
});
