import { describe, expect, it } from 'vitest';
import { ISO_639_1_LANGUAGES } from '../../../../../src/domain/reference/iso-639-1-languages.js';
import { languageCodeOf } from '../../../../../src/domain/wishes/import/language-codes.js';

describe('languageCodeOf', () => {
  it.each([
    ['en', 'en'],
    ['EN', 'en'],
    ['en-GB', 'en'],
    ['pt_BR', 'pt'],
    ['eng', 'en'],
    ['ger', 'de'],
    ['deu', 'de'],
    ['fre', 'fr'],
    ['chi', 'zh'],
    ['English', 'en'],
    ['french', 'fr'],
    ['Spanish', 'es'],
    ['Castilian', 'es'],
    ['Dutch', 'nl'],
    ['Greek', 'el'],
    ['Greek, Modern (1453-)', 'el'],
    ['Modern Greek (1453-)', 'el'],
    ['Chinese (Simplified)', 'zh'],
    ['Deutsch', 'de'],
    ['Français', 'fr'],
    ['Español', 'es'],
    ['Русский', 'ru'],
    ['日本語', 'ja'],
  ])('reads %j as %s', (cell, code) => {
    expect(languageCodeOf(cell)).toBe(code);
  });

  it('takes the first language of a list it knows, and tries the next cell', () => {
    expect(languageCodeOf('English, French')).toBe('en');
    expect(languageCodeOf('Klingon; German')).toBe('de');
    expect(languageCodeOf(undefined, '', 'ita')).toBe('it');
  });

  it('answers null for languages without a two-letter code, and for anything else', () => {
    expect(languageCodeOf('Ancient Greek')).toBeNull();
    expect(languageCodeOf('grc')).toBeNull();
    expect(languageCodeOf('xx')).toBeNull();
    expect(languageCodeOf('Klingon')).toBeNull();
    expect(languageCodeOf('')).toBeNull();
  });

  it('maps only to codes of the reference table', () => {
    const codes = new Set(ISO_639_1_LANGUAGES.map(([code]) => code));
    for (const sample of ['eng', 'baq', 'wel', 'tib', 'mao', 'Deutsch', 'Farsi', 'Mandarin', 'Bokmål', 'Svenska']) {
      const code = languageCodeOf(sample);
      expect(code !== null && codes.has(code), sample).toBe(true);
    }
  });
});
