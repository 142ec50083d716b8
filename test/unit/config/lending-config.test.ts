import { describe, expect, it } from 'vitest';
import { DEMO_METADATA_URL, loadConfig } from '../../../config/config.js';
import { problemsOf } from './config-problems.js';

describe('lending configuration (borrow or buy)', () => {
  it("asks Open Library's Read API where the metadata sources ask it; off in tests and without a metadata source", () => {
    expect(loadConfig({ NODE_ENV: 'production' }).lending).toEqual({ enabled: true, url: 'https://openlibrary.org', cron: '20 * * * *', refreshAfterSeconds: 86_400 });
    expect(loadConfig({}).lending).toMatchObject({ enabled: true, url: DEMO_METADATA_URL });
    expect(loadConfig({ NODE_ENV: 'test' }).lending.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', LENDING: 'on' }).lending.enabled).toBe(true);
    expect(loadConfig({ METADATA_SOURCES: 'off' }).lending.enabled).toBe(false);
    expect(loadConfig({ METADATA_SOURCES: 'google-books' }).lending.enabled).toBe(true);
  });

  it('reads every variable', () => {
    expect(loadConfig({ LENDING: 'off', OPEN_LIBRARY_URL: 'https://ol.example/', LENDING_CRON: '5 4 * * *', LENDING_REFRESH: '12h' }).lending).toEqual({
      enabled: false,
      url: 'https://ol.example',
      cron: '5 4 * * *',
      refreshAfterSeconds: 43_200,
    });
  });

  it.each([
    [{ LENDING: 'yes' }, 'LENDING must be one of on, off'],
    [{ LENDING: 'on', METADATA_SOURCES: 'off' }, 'LENDING needs a metadata source'],
    [{ LENDING_CRON: 'hourly' }, 'LENDING_CRON is not a valid cron expression'],
    [{ LENDING_REFRESH: '10m' }, 'LENDING_REFRESH must be a duration'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(problemsOf(env).some((problem) => problem.startsWith(message))).toBe(true);
  });
});
