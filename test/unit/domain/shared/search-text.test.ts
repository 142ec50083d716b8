import { describe, expect, it } from 'vitest';
import { matchKeyOf, normalizeForSearch, searchTextOf } from '../../../../src/domain/shared/search-text.js';

describe('normalizeForSearch', () => {
  it('folds case and accents: "tolkien", "Tolkién" and "TOLKIEN" are the same', () => {
    expect(new Set(['tolkien', 'Tolkién', 'TOLKIEN', 'TOLKIÉN', 'ToLkIeN'].map(normalizeForSearch))).toEqual(new Set(['tolkien']));
  });

  it('folds precomposed and decomposed accents alike', () => {
    const precomposed = 'Mis\u00e9rables'; // é as one code point
    const decomposed = 'Mise\u0301rables'; // e + combining acute
    expect(normalizeForSearch(precomposed)).toBe('miserables');
    expect(normalizeForSearch(decomposed)).toBe('miserables');
  });

  it.each([
    ['García Márquez', 'garcia marquez'],
    ['Dostoïevski', 'dostoievski'],
    ['Čapek', 'capek'],
    ['Ångström', 'angstrom'],
    ['Ñuñoa', 'nunoa'],
    ['İstanbul', 'istanbul'],
    ['Straße', 'strasse'],
    ['Søren Kierkegaard', 'soren kierkegaard'],
    ['ØSTERBRO', 'osterbro'],
    ['Łódź', 'lodz'],
    ['Cæsar', 'caesar'],
    ['ÆSOP', 'aesop'],
    ['Œuvres', 'oeuvres'],
    ['cœur', 'coeur'],
    ['ﬁnal', 'final'],
    ['ＡＢＣ', 'abc'],
    ['Ǆ', 'dz'],
  ])('%s → %s', (input, folded) => {
    expect(normalizeForSearch(input)).toBe(folded);
  });

  it('is case-insensitive for the capital sharp s too: "STRAẞE" folds like "Straße" and "STRASSE"', () => {
    expect(normalizeForSearch('STRASSE')).toBe('strasse');
    expect(normalizeForSearch('Straße')).toBe('strasse');
    expect(normalizeForSearch('STRAẞE')).toBe('strasse');
  });

  it('trims and collapses every kind of whitespace to one space', () => {
    expect(normalizeForSearch('  Le \t Guin\n ')).toBe('le guin');
    expect(normalizeForSearch('Le\u00a0Guin')).toBe('le guin');
    expect(normalizeForSearch('Le\u2003\u2003Guin')).toBe('le guin');
    expect(normalizeForSearch(' \t\n ')).toBe('');
  });

  it('keeps punctuation, digits and non-Latin letters (lowercased)', () => {
    expect(normalizeForSearch('J. R. R. Tolkien')).toBe('j. r. r. tolkien');
    expect(normalizeForSearch('100% Wool_2')).toBe('100% wool_2');
    expect(normalizeForSearch('ΟΔΥΣΣΕΙΑ')).toBe('οδυσσεια');
    expect(normalizeForSearch('ЧЕХОВ')).toBe('чехов');
    expect(normalizeForSearch('村上春樹')).toBe('村上春樹');
  });

  it('is idempotent', () => {
    for (const s of ['Tolkién', 'Straße', 'Cæsar  Œuvres', ' ﬁ ', 'Ǆ', 'Łódź', 'Ιωάννης']) {
      const once = normalizeForSearch(s);
      expect(normalizeForSearch(once), s).toBe(once);
    }
  });
});

describe('searchTextOf', () => {
  it('folds each part and joins them with a separator', () => {
    expect(searchTextOf(['J. R. R. Tolkién', 'John Ronald Reuel TOLKIEN'])).toBe('j. r. r. tolkien\u0001john ronald reuel tolkien');
    expect(searchTextOf(['Only'])).toBe('only');
    expect(searchTextOf([])).toBe('');
  });

  it('lets a folded query match inside one part but never across two', () => {
    const text = searchTextOf(['Terry Pratchett', 'Sir Terry']);
    expect(text.includes(normalizeForSearch('PRATCHETT'))).toBe(true);
    expect(text.includes(normalizeForSearch('sir terry'))).toBe(true);
    expect(text.includes(normalizeForSearch('pratchett sir'))).toBe(false);
    expect(text.includes(normalizeForSearch('pratchettsir'))).toBe(false);
  });

  it('folds a query so that it cannot contain the separator (it would match across two names)', () => {
    const text = searchTextOf(['Terry Pratchett', 'Sir Terry']);
    const query = normalizeForSearch('chett\u0001sir');
    expect(query).not.toContain('\u0001');
    expect(text.includes(query)).toBe(false);
  });
});

describe('matchKeyOf', () => {
  it('gives one key to a title written with or without its punctuation', () => {
    const forms = [
      "Harry Potter and the Philosopher's Stone",
      'Harry Potter & the Philosophers Stone',
      'HARRY POTTER AND THE PHILOSOPHER’S STONE',
      'Harry Potter and the Philosopher`s Stone.',
      '  harry potter -- and the philosophers stone!',
    ];
    expect(new Set(forms.map(matchKeyOf))).toEqual(new Set(['harry potter and the philosophers stone']));
  });

  it('turns colons, dashes, slashes and quotes into single spaces, keeping letters and digits of every script', () => {
    expect(matchKeyOf('Dune: Part 2 — "Messiah"')).toBe('dune part 2 messiah');
    expect(matchKeyOf('1984')).toBe('1984');
    expect(matchKeyOf('Мастер и Маргарита!')).toBe('мастер и маргарита');
    expect(matchKeyOf('ノルウェイの森')).toBe('ノルウェイの森');
    expect(matchKeyOf('Ursula K. Le Guin')).toBe('ursula k le guin');
  });

  it('keeps words apart that only punctuation separated, and leaves nothing for punctuation alone', () => {
    expect(matchKeyOf('Good/Evil')).toBe('good evil');
    expect(matchKeyOf("'Salem's Lot")).toBe('salems lot');
    expect(matchKeyOf('?!…')).toBe('');
  });
});
