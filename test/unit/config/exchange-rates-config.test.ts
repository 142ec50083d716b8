import { describe, expect, it } from 'vitest';
import { DEMO_FX_RATES_URL, loadConfig } from '../../../config/config.js';
import { problemsOf } from './config-problems.js';

describe('exchange rates configuration', () => {
  it('asks the European Central Bank in production, the demonstration rates elsewhere, and nothing in tests', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).exchangeRates).toMatchObject({ enabled: true, url: 'https://www.ecb.europa.eu/stats/eurofxref/', cron: '0 16 * * 1-5', timeoutMs: 15_000 });
    expect(loadConfig({}).exchangeRates).toMatchObject({ enabled: true, url: DEMO_FX_RATES_URL });
    expect(loadConfig({ NODE_ENV: 'test' }).exchangeRates.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', FX_RATES: 'on' }).exchangeRates.enabled).toBe(true);
  });

  it('reads every variable; the folder URL ends with a slash', () => {
    expect(loadConfig({ FX_RATES: 'off', FX_RATES_URL: 'https://rates.example/ecb', FX_RATES_CRON: '15 17 * * *', FX_RATES_TIMEOUT_MS: '3000' }).exchangeRates).toMatchObject({
      enabled: false,
      url: 'https://rates.example/ecb/',
      cron: '15 17 * * *',
      timeoutMs: 3000,
    });
  });

  it.each([
    [{ FX_RATES: 'yes' }, 'FX_RATES must be one of on, off'],
    [{ FX_RATES_URL: 'ftp://rates.example/' }, 'FX_RATES_URL'],
    [{ FX_RATES_CRON: 'every day' }, 'FX_RATES_CRON is not a valid cron expression'],
    [{ FX_RATES_TIMEOUT_MS: '10' }, 'FX_RATES_TIMEOUT_MS must be an integer from 100 to 120000'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(problemsOf(env).some((problem) => problem.startsWith(message))).toBe(true);
  });
});
