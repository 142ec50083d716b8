import { describe, expect, it } from 'vitest';
import { parseAuthorDumpLine } from '../../../../src/adapters/metadata/open-library-author-dump-line.js';
import { AUTHOR_ALIASES_MAX, AUTHOR_NAME_MAX } from '../../../../src/domain/catalog/author.js';

const line = (record: unknown, columns: Partial<{ type: string; key: string; revision: string }> = {}): string =>
  [columns.type ?? '/type/author', columns.key ?? '/authors/OL23919A', columns.revision ?? '7', '2024-01-01T10:00:00.123456', JSON.stringify(record)].join('\t');

describe('parseAuthorDumpLine', () => {
  it('reads an author record: its id, revision, name, alternate names and dates', () => {
    const parsed = parseAuthorDumpLine(
      line({
        key: '/authors/OL23919A',
        name: 'J. K. Rowling',
        alternate_names: ['Joanne Rowling', 'J.K. Rowling', 'J. K. Rowling', ' Joanne  Rowling ', ''],
        birth_date: '31 July 1965',
        type: { key: '/type/author' },
      }),
    );
    expect(parsed).toEqual({
      kind: 'author',
      author: {
        openLibraryId: 'OL23919A',
        revision: 7,
        name: 'J. K. Rowling',
        aliases: ['Joanne Rowling', 'J.K. Rowling'],
        nameSearch: 'j. k. rowling\u0001joanne rowling\u0001j.k. rowling',
        birthDate: '31 July 1965',
        deathDate: null,
      },
    });
  });

  it('folds the name as every author is folded, and takes the personal name when there is no name', () => {
    const parsed = parseAuthorDumpLine(line({ personal_name: 'Tolkién, J. R. R.', death_date: '1973' }));
    expect(parsed).toMatchObject({ kind: 'author', author: { name: 'Tolkién, J. R. R.', nameSearch: 'tolkien, j. r. r.', deathDate: '1973' } });
  });

  it('cuts over-long names and keeps at most the allowed number of aliases', () => {
    const long = 'N'.repeat(AUTHOR_NAME_MAX + 40);
    const aliases = Array.from({ length: AUTHOR_ALIASES_MAX + 5 }, (_, i) => `Alias ${i}`);
    const parsed = parseAuthorDumpLine(line({ name: long, alternate_names: aliases }));
    if (parsed.kind !== 'author') throw new Error(JSON.stringify(parsed));
    expect(parsed.author.name).toHaveLength(AUTHOR_NAME_MAX);
    expect(parsed.author.aliases).toHaveLength(AUTHOR_ALIASES_MAX);
  });

  it('tells a record of another type from an author', () => {
    expect(parseAuthorDumpLine(line({ location: '/authors/OL1A' }, { type: '/type/redirect' }))).toEqual({ kind: 'other', type: '/type/redirect' });
  });

  it.each([
    ['too few columns', '/type/author\t/authors/OL1A\t1', /not five tab-separated columns/],
    ['an unknown type', line({ name: 'A' }, { type: 'author' }), /unknown record type/],
    ['a key that is not an author', line({ name: 'A' }, { key: '/works/OL1W' }), /not an author key/],
    ['a revision that is not a number', line({ name: 'A' }, { revision: 'x' }), /not a revision number/],
    ['a record that is not JSON', line({ name: 'A' }).replace(/\{.*$/, '{"name": "A"'), /not JSON/],
    ['a record that is a list', line(['A']), /not a JSON object/],
    ['a record without a name', line({ name: '  ', alternate_names: ['B'] }), /has no name/],
  ])('refuses %s, saying why', (_, text, reason) => {
    const parsed = parseAuthorDumpLine(text);
    expect(parsed.kind).toBe('bad');
    expect(parsed.kind === 'bad' && parsed.reason).toMatch(reason);
  });
});
