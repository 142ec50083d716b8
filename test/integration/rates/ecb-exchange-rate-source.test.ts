import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EcbExchangeRateSource } from '../../../src/adapters/rates/ecb-exchange-rate-source.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../../src/adapters/kits/net/local-http-server.js';
import { demoRatesXml } from '../../../src/adapters/demo/rates/demo-exchange-rates.js';

// A real local server stands in for the ECB: each folder answers one way.
const answers: Record<string, (res: ServerResponse, file: string) => void> = {
  ok: (res, file) => {
    res.writeHead(200, { 'content-type': 'text/xml' });
    res.end(demoRatesXml(file.includes('hist') ? 'history' : 'latest', new Date('2026-11-27T17:00:00Z')));
  },
  gone: (res) => {
    res.writeHead(404);
    res.end('not here');
  },
  broken: (res) => {
    res.writeHead(500);
    res.end('oops');
  },
  html: (res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>maintenance</html>');
  },
  slow: () => undefined,
};

describe('EcbExchangeRateSource over HTTP', () => {
  let server: LocalHttpServer;
  const source = (folder: string, timeoutMs = 2_000) => new EcbExchangeRateSource({ baseUrl: `${server.url}/${folder}`, userAgent: 'shelfwatch-test', timeoutMs });

  beforeAll(async () => {
    server = await startLocalHttpServer(async (req, res, signal) => {
      const [, folder = '', file = ''] = (req.url ?? '').split('/');
      answers[folder]?.(res, file);
      if (folder === 'slow') await new Promise((resolve) => signal.addEventListener('abort', resolve));
    });
  });
  afterAll(() => server.close());

  it('reads the latest day and the 90-day history from their files', async () => {
    const latest = await source('ok').fetchRates('latest');
    const history = await source('ok').fetchRates('history');
    expect(latest).toMatchObject({ kind: 'rates', days: [{ day: '2026-11-27' }] });
    expect(history.kind === 'rates' && history.days.length).toBe(90);
  });

  it.each([
    ['gone', 'missing'],
    ['broken', 'unavailable'],
    ['html', 'unreadable'],
  ])('answers a refusal for a %s source: %s', async (folder, reason) => {
    expect(await source(folder).fetchRates('latest')).toMatchObject({ kind: 'refused', reason });
  });

  it('gives up after its timeout', async () => {
    expect(await source('slow', 300).fetchRates('latest')).toMatchObject({ kind: 'refused', reason: 'unavailable' });
  });
});
