// MetadataHttpClient stops waiting the moment its caller's signal aborts: on a request in flight, on the spacing
// between requests (METADATA_MIN_INTERVAL_MS) and on the backoff between attempts.
import { describe, expect, it } from 'vitest';
import { MetadataHttpClient } from '../../../../src/adapters/metadata/metadata-http-client.js';
import type { Transport, TransportResponse } from '../../../../src/adapters/kits/net/node-http-transport.js';

const OPTIONS = { source: 'open-library', userAgent: 'test', timeoutMs: 60_000, retries: 3 };

const answering = (status: number, body = '{}'): TransportResponse => ({
  status,
  url: 'http://source.test/',
  header: () => null,
  text: async () => body,
  discard: () => undefined,
});

/** Aborts after `ms`, and answers how long the call took. */
async function timedAbort(call: (signal: AbortSignal) => Promise<unknown>, ms: number): Promise<{ error: unknown; elapsed: number }> {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new Error('stopping')), ms);
  const started = Date.now();
  try {
    await call(controller.signal);
  } catch (error) {
    return { error, elapsed: Date.now() - started };
  }
  return { error: null, elapsed: Date.now() - started };
}

describe('MetadataHttpClient with an abort signal', () => {
  it('gives up a request in flight at once', async () => {
    const never: Transport = { get: () => new Promise<TransportResponse>(() => undefined) };
    const client = new MetadataHttpClient({ ...OPTIONS, minIntervalMs: 0 }, never);
    const { error, elapsed } = await timedAbort((signal) => client.getJson('http://source.test/a', signal), 50);
    expect((error as Error).message).toBe('stopping');
    expect(elapsed).toBeLessThan(1_000);
  });

  it('gives up waiting for its turn (the spacing between requests) at once', async () => {
    const client = new MetadataHttpClient({ ...OPTIONS, minIntervalMs: 30_000 }, { get: async () => answering(200) });
    await client.getJson('http://source.test/first');
    const { error, elapsed } = await timedAbort((signal) => client.getJson('http://source.test/second', signal), 50);
    expect((error as Error).message).toBe('stopping');
    expect(elapsed).toBeLessThan(1_000);
  });

  it('gives up the backoff between attempts at once', async () => {
    const client = new MetadataHttpClient({ ...OPTIONS, minIntervalMs: 0, baseBackoffMs: 30_000 }, { get: async () => answering(503) });
    const { error, elapsed } = await timedAbort((signal) => client.getJson('http://source.test/a', signal), 50);
    expect((error as Error).message).toBe('stopping');
    expect(elapsed).toBeLessThan(1_000);
  });

  it('answers as before without a signal', async () => {
    const client = new MetadataHttpClient({ ...OPTIONS, minIntervalMs: 0 }, { get: async () => answering(200, '{"a":1}') });
    expect(await client.getJson('http://source.test/a')).toEqual({ kind: 'json', body: { a: 1 } });
  });
});
