import { describe, expect, it } from 'vitest';
import { RouteTable } from '../../../../../../src/adapters/kits/http/routing/route-table.js';
import type { HttpMethod, RouteSpec } from '../../../../../../src/adapters/kits/http/routing/route-spec.js';

const spec = (method: HttpMethod, path: string): RouteSpec => ({
  method,
  path,
  summary: `${method} ${path}`,
  tag: 'test',
  auth: 'none',
  responses: {},
  handle: async () => ({ status: 200 }),
});

const matched = (table: RouteTable, method: string, path: string): string | null => {
  const match = table.match(method, path);
  return match === null ? null : `${match.spec.method} ${match.spec.path} ${JSON.stringify(match.params)}`;
};

describe('RouteTable: the route Express would pick, or null to leave the request to Express', () => {
  it('picks the first spec in declaration order whose method and path fit, as the router walks its routes', () => {
    const literalFirst = new RouteTable([spec('get', '/wishes/price-history'), spec('get', '/wishes/:id'), spec('delete', '/wishes/:id')]);
    expect(matched(literalFirst, 'GET', '/wishes/price-history')).toBe('get /wishes/price-history {}');
    expect(matched(literalFirst, 'GET', '/wishes/12')).toBe('get /wishes/:id {"id":"12"}');
    expect(matched(literalFirst, 'DELETE', '/wishes/price-history')).toBe('delete /wishes/:id {"id":"price-history"}');
    const paramFirst = new RouteTable([spec('get', '/wishes/:id'), spec('get', '/wishes/price-history')]);
    expect(matched(paramFirst, 'GET', '/wishes/price-history')).toBe('get /wishes/:id {"id":"price-history"}');
  });

  it('reads several parameters and decodes them as the router does', () => {
    const table = new RouteTable([spec('get', '/books/:bookId/editions'), spec('get', '/lists/:id')]);
    expect(matched(table, 'GET', '/books/7/editions')).toBe('get /books/:bookId/editions {"bookId":"7"}');
    expect(matched(table, 'GET', '/lists/a%20b%2Fc')).toBe('get /lists/:id {"id":"a b/c"}');
  });

  it('leaves to Express what it must answer itself: another method, HEAD, a parameter that does not decode', () => {
    const table = new RouteTable([spec('get', '/books'), spec('get', '/books/:id')]);
    expect(table.match('POST', '/books')).toBeNull();
    expect(table.match('HEAD', '/books')).toBeNull();
    expect(table.match(undefined, '/books')).toBeNull();
    expect(table.match('GET', '/books/%E0%A4%A')).toBeNull();
  });

  it('leaves unusual spellings to Express: trailing or doubled slashes, other letter cases, unknown or longer paths', () => {
    const table = new RouteTable([spec('get', '/books'), spec('get', '/books/:id')]);
    for (const path of ['/books/', '//books', '/books//1', '/Books', '/BOOKS/1', '/book', '/books/1/x', '', '/', 'books', '/books\\1', '/bo oks']) {
      expect(table.match('GET', path), path).toBeNull();
    }
  });
});
