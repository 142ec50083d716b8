import { describe, expect, it } from 'vitest';
import { cutText } from '../../../../src/domain/shared/cut-text.js';

describe('cutText', () => {
  it('leaves a text within the limit as it is', () => {
    expect(cutText('Dune', 4)).toBe('Dune');
    expect(cutText('', 3)).toBe('');
  });

  it('cuts to the limit', () => {
    expect(cutText('Dune Messiah', 4)).toBe('Dune');
  });

  it('never keeps half of a surrogate pair: the whole character goes', () => {
    expect(cutText('ab😀cd', 3)).toBe('ab');
    expect(cutText('ab😀cd', 4)).toBe('ab😀');
    expect(cutText('😀😀', 1)).toBe('');
  });
});
