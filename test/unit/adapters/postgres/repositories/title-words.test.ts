import { describe, expect, it } from 'vitest';
import { titleWordPieces } from '../../../../../src/adapters/postgres/repositories/title-words.js';

describe('titleWordPieces', () => {
  it('reads a one-word term by itself', () => {
    expect(titleWordPieces('%silen%')).toEqual({ pieces: ['silen'], whole: true });
  });

  it('reads a phrase by its two longest pieces, longest first, the earlier of equal lengths first', () => {
    expect(titleWordPieces('%the silent river%')).toEqual({ pieces: ['silent', 'river'], whole: false });
    expect(titleWordPieces('%far off%')).toEqual({ pieces: ['far', 'off'], whole: false });
    expect(titleWordPieces('%a tale of two%')).toEqual({ pieces: ['tale', 'two'], whole: false });
  });

  it('leaves out pieces without three letters or digits in a row, measured without their escapes', () => {
    expect(titleWordPieces('%book 1%')).toEqual({ pieces: ['book'], whole: false });
    expect(titleWordPieces('%50\\% off%')).toEqual({ pieces: ['off'], whole: false });
    expect(titleWordPieces('%ab\\_cd%')).toBeNull();
    expect(titleWordPieces('%c++%')).toBeNull();
    expect(titleWordPieces('%1984%')).toEqual({ pieces: ['1984'], whole: true });
    expect(titleWordPieces('%ñandú%')).toEqual({ pieces: ['ñandú'], whole: true });
  });

  it('has nothing to read a term by when no piece holds a trigram', () => {
    expect(titleWordPieces('%ok 12%')).toBeNull();
    expect(titleWordPieces('%e b%')).toBeNull();
  });
});
