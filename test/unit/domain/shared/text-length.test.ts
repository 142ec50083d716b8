import { describe, expect, it } from 'vitest';
import { cutText, textLength } from '../../../../src/domain/shared/text-length.js';

describe('textLength', () => {
  it('counts characters, an emoji or a CJK extension character as one', () => {
    expect(textLength('Dune')).toBe(4);
    expect(textLength('😀😀')).toBe(2);
    expect(textLength('𠜎 ok')).toBe(4);
    expect(textLength('')).toBe(0);
  });

  it('counts a lone surrogate as one character', () => {
    expect(textLength('a\ud800b')).toBe(3);
  });
});

describe('cutText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(cutText('Dune', 4)).toBe('Dune');
    expect(cutText('😀😀', 2)).toBe('😀😀');
    expect(cutText('', 3)).toBe('');
  });

  it('cuts to the limit in characters, never half of an emoji', () => {
    expect(cutText('Dune Messiah', 4)).toBe('Dune');
    expect(cutText('ab😀cd', 3)).toBe('ab😀');
    expect(cutText('ab😀cd', 2)).toBe('ab');
    expect(cutText('😀😀😀', 1)).toBe('😀');
  });
});
