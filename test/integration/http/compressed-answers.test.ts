import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../../src/adapters/kits/http/routing/json-answer.js';
import { startTestService, type TestService } from '../../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
  for (let i = 0; i < 100; i++) {
    const created = await t.call('POST', '/api/authors', { body: { author_name: `Compressed Author ${i} ${'long name '.repeat(4)}` } });
    expect(created.status).toBe(201);
  }
});
afterAll(() => t?.stop());

/** A raw GET (fetch would decompress by itself), with the bytes as they came. */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${t.token()}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('large JSON answers', () => {
  it('are gzip-compressed for a client that accepts it, with Vary, and decompress to the same answer', async () => {
    const plain = await rawGet('/api/authors?per_page=100', {});
    expect(plain.status).toBe(200);
    expect(plain.bytes.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);

    const zipped = await rawGet('/api/authors?per_page=100', { 'accept-encoding': 'br;q=1, gzip;q=0.8' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(Number(zipped.headers['content-length'])).toBe(zipped.bytes.length);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 3);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString('utf8'))).toEqual(JSON.parse(plain.bytes.toString('utf8')));

    const refused = await rawGet('/api/authors?per_page=100', { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('stay as they are when small', async () => {
    const small = await rawGet('/api/authors?per_page=2', { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString('utf8')).data).toHaveLength(2);
  });
});
