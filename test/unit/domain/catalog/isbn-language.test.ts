import { describe, expect, it } from 'vitest';
import { languageOfIsbn } from '../../../../src/domain/catalog/isbn-language.js';

describe('languageOfIsbn', () => {
  it('reads the registration group, the longest prefix first', () => {
    expect(languageOfIsbn('9780306406157')).toBe('en');
    expect(languageOfIsbn('9783150090114')).toBe('de');
    expect(languageOfIsbn('9782070360024')).toBe('fr');
    expect(languageOfIsbn('9788420412146')).toBe('es');
    expect(languageOfIsbn('9788804668237')).toBe('it');
    expect(languageOfIsbn('9789044649390')).toBe('nl');
    expect(languageOfIsbn('9789510396218')).toBe('fi');
    expect(languageOfIsbn('9791032305690')).toBe('fr');
    expect(languageOfIsbn('9798888888888')).toBe('en');
  });

  it('answers null for a group it does not know', () => {
    expect(languageOfIsbn('9786200000000')).toBeNull();
    expect(languageOfIsbn('9799000000000')).toBeNull();
  });
});
