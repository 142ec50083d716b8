import { describe, expect, it } from 'vitest';
import { foldAuthor, foldTitle } from '../../../../../src/domain/wishes/import/fold.js';

describe('foldTitle', () => {
  it('folds case, accents, punctuation and the series suffix', () => {
    expect(foldTitle('Ninth House (Alex Stern, #1)')).toBe('ninth house');
    expect(foldTitle('NINTH HOUSE.')).toBe('ninth house');
    expect(foldTitle('Les Misérables')).toBe('les miserables');
    expect(foldTitle('Go Tell It — on the Mountain!')).toBe('go tell it on the mountain');
    expect(foldTitle("Xi'an Famous Foods")).toBe(foldTitle('Xi’an famous foods'));
    expect(foldTitle('Straße')).toBe('strasse');
  });

  it('keeps what is part of the title, so different books stay different', () => {
    expect(foldTitle('Tales (from the Old Country)')).toBe('tales from the old country');
    expect(foldTitle('Dune Messiah')).not.toBe(foldTitle('Dune (Dune, #1)'));
  });
});

describe('foldAuthor', () => {
  it('folds both name orders, case, accents and the spelling of initials to one key', () => {
    const key = 'ursula k le guin';
    expect(foldAuthor('Ursula K. Le Guin')).toBe(key);
    expect(foldAuthor('Le Guin, Ursula K.')).toBe(key);
    expect(foldAuthor('URSULA K LE GUIN')).toBe(key);
    expect(foldAuthor('J.R.R. Tolkien')).toBe('jrr tolkien');
    expect(foldAuthor('J. R. R. Tolkien')).toBe('jrr tolkien');
    expect(foldAuthor('Tolkien, J.R.R.')).toBe('jrr tolkien');
    expect(foldAuthor('China Miéville')).toBe('china mieville');
  });
});
