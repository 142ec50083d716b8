// GET /api/exchange-rates/health over real HTTP: after the refresh at start (from a real local server standing in for
// the ECB) the rates are usable and say so; rates gone stale after a refused refresh say why quotes stay out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRatesXml } from '../../../src/adapters/demo/rates/demo-exchange-rates.js';
import { type LocalHttpServer, startLocalHttpServer } from '../../../src/adapters/kits/net/local-http-server.js';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';

describe('GET /api/exchange-rates/health', () => {
  let rates: LocalHttpServer;
  let app: TestService;

  beforeAll(async () => {
    rates = await startLocalHttpServer(async (req, res) => {
      res.writeHead(200, { 'content-type': 'text/xml' });
      res.end(demoRatesXml((req.url ?? '').includes('hist') ? 'history' : 'latest', new Date()));
    });
    app = await startTestService({ FX_RATES: 'on', FX_RATES_URL: `${rates.url}/ecb/` });
  }, 60_000);

  afterAll(async () => {
    await app?.stop();
    await rates?.close();
  });

  const health = async (): Promise<Record<string, unknown>> => {
    const response = await app.call('GET', '/api/exchange-rates/health');
    expect(response.status).toBe(200);
    return response.body as Record<string, unknown>;
  };

  it('says the rates refreshed at start are usable, with their newest day and the refresh that stored them', async () => {
    // The rates and the refresh's record are stored one after the other by the refresh at start: wait for both.
    const body = await eventually(async () => {
      const b = await health();
      expect(b.newest_day).not.toBeNull();
      expect(b.last_refresh).not.toBeNull();
      return b;
    }, 10_000);
    const newest = body.newest_day as string;
    expect(body).toMatchObject({ enabled: true, usable: true, currency_count: 29, problem: null });
    expect(body.age_days).toBeLessThanOrEqual(5);
    expect(body.last_refresh).toMatchObject({ outcome: 'updated', reason: null, message: null, newest_day: newest });
    expect((await app.call('GET', '/api/exchange-rates/health', { token: null })).status).toBe(401);
  });

  it('says why quotes stay out when the newest rates are older than 7 days and the last refresh was refused', async () => {
    await eventually(async () => expect((await health()).newest_day).not.toBeNull(), 10_000);
    // The rates of the last 10 days gone, as if publication had stopped, and the last refresh refused as late.
    await app.db.sql("delete from reference_rate where rate_date > current_date - 10");
    await app.db.sql(
      `insert into exchange_rate_refresh (refreshed_at, outcome, reason, message, newest_day)
       values (now(), 'refused', 'late', 'the newest day is more than 5 days before today', null)
       on conflict (only_row) do update set refreshed_at = excluded.refreshed_at, outcome = excluded.outcome,
         reason = excluded.reason, message = excluded.message, newest_day = excluded.newest_day`,
    );
    const body = await health();
    expect(body.usable).toBe(false);
    expect(body.age_days).toBeGreaterThanOrEqual(10);
    expect(body.last_refresh).toMatchObject({ outcome: 'refused', reason: 'late' });
    expect(body.problem).toMatch(new RegExp(`^The newest exchange rates are of ${String(body.newest_day)}, \\d+ days ago: quotes fetched after .* are not converted`));
    expect(body.problem).toContain('the last refresh was refused (late)');
  });
});
