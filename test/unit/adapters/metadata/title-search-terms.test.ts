import { describe, expect, it } from 'vitest';
import { lastNameOf, titleSearchTermsOf } from '../../../../src/adapters/metadata/title-search-terms.js';

describe('titleSearchTermsOf', () => {
  it('sends the title as given (whitespace collapsed) and the first author\'s last name', () => {
    expect(titleSearchTermsOf({ title: '  Use of   Weapons ', authors: ['Iain M. Banks', 'Someone Else'] })).toEqual({ title: 'Use of Weapons', author: 'Banks' });
  });

  it('sends no author for a book without one (blank names skipped), and nothing for a blank title', () => {
    expect(titleSearchTermsOf({ title: 'Beowulf', authors: [] })).toEqual({ title: 'Beowulf', author: null });
    expect(titleSearchTermsOf({ title: 'Beowulf', authors: ['  ', 'Seamus Heaney'] })).toEqual({ title: 'Beowulf', author: 'Heaney' });
    expect(titleSearchTermsOf({ title: ' ', authors: ['Iain M. Banks'] })).toBeNull();
  });
});

describe('lastNameOf', () => {
  it.each([
    ['Iain M. Banks', 'Banks'],
    ['J.R.R. Tolkien', 'Tolkien'],
    ['Ursula K. Le Guin', 'Guin'],
    ['Martin Luther King Jr.', 'King'],
    ['Banks, Iain M.', 'Banks'],
    ['Homer', 'Homer'],
    ['Gabriel García Márquez', 'Márquez'],
    ['Flannery O\'Connor', 'O\'Connor'],
    ['Samuel Larsen-Disney', 'Larsen-Disney'],
    ['"Anonymous"', 'Anonymous'],
  ])('%s → %s', (name, last) => {
    expect(lastNameOf(name)).toBe(last);
  });
});
