// The service brings the reference rates up to date when it starts (the 90-day history on a first start), from a
// real local server standing in for the ECB; the refresh logs its outcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRatesXml } from '../../../src/adapters/demo/rates/demo-exchange-rates.js';
import { type LocalHttpServer, startLocalHttpServer } from '../../../src/adapters/kits/net/local-http-server.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

describe('exchange rates at start', () => {
  let rates: LocalHttpServer;
  const asked: string[] = [];
  let app: TestService;

  beforeAll(async () => {
    rates = await startLocalHttpServer(async (req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(demoRatesXml((req.url ?? '').includes('hist') ? 'history' : 'latest', new Date()));
    });
    app = await startTestService({ FX_RATES: 'on', FX_RATES_URL: `${rates.url}/ecb/` });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await rates?.close();
  });

  it('loads the 90-day history on a first start and logs it', async () => {
    await eventually(async () => {
      const [days] = await app.db.sql<{ n: number }>('select count(distinct rate_date)::int as n from reference_rate');
      expect(days?.n).toBe(90);
    }, 10_000);
    expect(asked).toEqual(['/ecb/eurofxref-hist-90d.xml']);
    const events = await eventually(async () => {
      const rows = await app.db.sql<{ detail: Record<string, unknown> }>("select log_detail as detail from log where log_event = 'exchange_rates_updated'");
      expect(rows).toHaveLength(1);
      return rows;
    }, 10_000);
    expect(events[0]?.detail).toMatchObject({ day_count: 90, currency_count: 29 });
  });
});
