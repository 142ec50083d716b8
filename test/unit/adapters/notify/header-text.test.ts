import { describe, expect, it } from 'vitest';
import { asciiSafeHeaderValue, withoutControlCharacters } from '../../../../src/adapters/notify/header-text.js';
import { decodeEncodedWords } from '../../../support/smtp-test-server.js';

describe('asciiSafeHeaderValue', () => {
  it('leaves ASCII text as it is', () => {
    expect(asciiSafeHeaderValue('Shelfwatch: Dune at 9.99 EUR')).toBe('Shelfwatch: Dune at 9.99 EUR');
  });

  it('turns control characters into spaces, so a title cannot end the header', () => {
    expect(asciiSafeHeaderValue('Dune\r\nX-Injected: yes')).toBe('Dune X-Injected: yes');
    expect(withoutControlCharacters('a\tb\u0085c')).toBe('a b c');
  });

  it('encodes non-ASCII text as UTF-8 encoded words that decode back', () => {
    const encoded = asciiSafeHeaderValue('Shelfwatch: Der Zauberberg – Thomas Mann at 12.00 EUR');
    expect(encoded).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=( =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=)*$/);
    expect(decodeEncodedWords(encoded)).toBe('Shelfwatch: Der Zauberberg – Thomas Mann at 12.00 EUR');
  });

  it('splits a long title into words of at most 75 characters, never inside a character', () => {
    const title = `Shelfwatch: ${'東京の本と😀'.repeat(12)} at 1,200 JPY`;
    const encoded = asciiSafeHeaderValue(title);
    const words = encoded.split(' ');
    expect(words.length).toBeGreaterThan(1);
    for (const word of words) {
      expect(word.length).toBeLessThanOrEqual(75);
      const bytes = Buffer.from(/^=\?UTF-8\?B\?(.*)\?=$/.exec(word)![1]!, 'base64');
      expect(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toBeTruthy();
    }
    expect(decodeEncodedWords(encoded)).toBe(title);
  });
});
