import { describe, expect, it } from 'vitest';
import { maskedPath } from '../../../../src/adapters/http/access-log.js';

describe('maskedPath', () => {
  it('masks a list share token but keeps a list id', () => {
    expect(maskedPath('/api/lists/Zk3_abcDEF-123456789012345678901')).toBe('/api/lists/***');
    expect(maskedPath('/api/lists/42')).toBe('/api/lists/42');
    expect(maskedPath('/api/lists')).toBe('/api/lists');
  });

  it('masks a share token in every spelling the router accepts', () => {
    expect(maskedPath('/API/lists/Zk3_abcDEF-1234567890')).toBe('/API/lists/***');
    expect(maskedPath('/api/LISTS/Zk3_abcDEF-1234567890/')).toBe('/api/LISTS/***/');
    expect(maskedPath('//api//lists//Zk3_abcDEF-1234567890')).toBe('//api//lists//***');
    expect(maskedPath('/%61pi/lists/Zk3_abcDEF-1234567890')).toBe('/%61pi/lists/***');
    expect(maskedPath('/api/%6Cists/Zk3_abcDEF-1234567890?x=1')).toBe('/api/%6Cists/***?x=1');
    expect(maskedPath('/Api/Lists/42/books')).toBe('/Api/Lists/42/books');
  });

  it('masks a JWT wherever it stands, and the values of token-like keys such as t and jwt', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    expect(maskedPath(`/api/books/${jwt}`)).toBe('/api/books/***');
    expect(maskedPath(`/wishes.html?t=abc&jwt=def&x=${jwt}&q=ok`)).toBe('/wishes.html?t=***&jwt=***&x=***&q=ok');
    expect(maskedPath('/api/books?title=tea')).toBe('/api/books?title=tea');
  });

  it('masks the values of secret-looking query keys and keeps the rest', () => {
    expect(maskedPath('/api/books?q=dune&per_page=5')).toBe('/api/books?q=dune&per_page=5');
    expect(maskedPath('/sign-in.html?token=eyJabc&next=/books.html')).toBe('/sign-in.html?token=***&next=/books.html');
    expect(maskedPath('/x?api_key=1&Signature=2&flag')).toBe('/x?api_key=***&Signature=***&flag');
  });
});
