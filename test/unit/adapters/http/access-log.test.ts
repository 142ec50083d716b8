import { describe, expect, it } from 'vitest';
import { maskedPath } from '../../../../src/adapters/http/access-log.js';

describe('maskedPath', () => {
  it('masks a list share token but keeps a list id', () => {
    expect(maskedPath('/api/lists/Zk3_abcDEF-123456789012345678901')).toBe('/api/lists/***');
    expect(maskedPath('/api/lists/42')).toBe('/api/lists/42');
    expect(maskedPath('/api/lists')).toBe('/api/lists');
  });

  it('masks the values of secret-looking query keys and keeps the rest', () => {
    expect(maskedPath('/api/books?q=dune&per_page=5')).toBe('/api/books?q=dune&per_page=5');
    expect(maskedPath('/sign-in.html?token=eyJabc&next=/books.html')).toBe('/sign-in.html?token=***&next=/books.html');
    expect(maskedPath('/x?api_key=1&Signature=2&flag')).toBe('/x?api_key=***&Signature=***&flag');
  });
});
