// The API's answers carry the security headers the web pages have: nothing in them may run or be framed, no type
// sniffing, no referrer, nothing stored — on success and on every error alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;

beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t.stop();
});

function expectApiHeaders(headers: Headers, what: string): void {
  expect(headers.get('content-security-policy'), what).toMatch(/default-src 'none'/);
  expect(headers.get('content-security-policy'), what).toMatch(/frame-ancestors 'none'/);
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(headers.get('cache-control'), what).toBe('no-store');
}

describe('security headers of the API', () => {
  it('are on authenticated answers, errors, public list views and the OpenAPI document', async () => {
    expectApiHeaders((await t.call('GET', '/api/books')).headers, '200');
    expectApiHeaders((await t.call('GET', '/api/books', { token: null })).headers, '401');
    expectApiHeaders((await t.call('GET', '/api/books/abc')).headers, '400');
    expectApiHeaders((await t.call('GET', '/api/nothing-here')).headers, '404');
    expectApiHeaders((await t.call('GET', '/api/lists/AbCdEfGhIjKlMnOpQrStUvWxYz012345', { token: null })).headers, 'public list');
    expectApiHeaders((await t.call('POST', '/api/books', { rawBody: '{', headers: { 'content-type': 'application/json' } })).headers, 'bad JSON');
    expectApiHeaders((await t.call('GET', '/api/openapi.json', { token: null })).headers, 'openapi');
  });

  it('leave the web pages their own policy', async () => {
    const page = await fetch(`${t.baseUrl}/books.html`);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
  });
});
