import { describe, expect, it } from 'vitest';
import { DEMO_METADATA_URL, loadConfig } from '../../../config/config.js';
import { problemsOf } from './config-problems.js';

const API_KEY = 'AIzaSy-test-key-0123456789abcdefghijkl';

describe('metadata configuration', () => {
  it('asks both sources, on the demonstration server, in development; the service starts that server', () => {
    const config = loadConfig({});
    expect(config.metadata).toEqual({
      sources: ['open-library', 'google-books'],
      openLibraryUrl: DEMO_METADATA_URL,
      googleBooksUrl: DEMO_METADATA_URL,
      googleBooksApiKey: null,
      minIntervalMs: 1000,
      timeoutMs: 5000,
      retries: 2,
      userAgent: config.pricing.userAgent,
      demoServerUrl: DEMO_METADATA_URL,
    });
  });

  it('asks the demonstration server in tests too, without starting it (a test starts its own)', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).metadata).toMatchObject({ openLibraryUrl: DEMO_METADATA_URL, googleBooksUrl: DEMO_METADATA_URL, demoServerUrl: null });
  });

  it('asks the real services in production', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).metadata).toMatchObject({
      sources: ['open-library', 'google-books'],
      openLibraryUrl: 'https://openlibrary.org',
      googleBooksUrl: 'https://www.googleapis.com',
      demoServerUrl: null,
    });
  });

  it('reads every variable; URLs lose their trailing slash; the user agent is FETCH_USER_AGENT', () => {
    const metadata = loadConfig({
      METADATA_SOURCES: ' google-books , open-library ',
      OPEN_LIBRARY_URL: 'https://ol.mirror.example/',
      GOOGLE_BOOKS_URL: 'http://127.0.0.1:9999//',
      GOOGLE_BOOKS_API_KEY: API_KEY,
      METADATA_MIN_INTERVAL_MS: '250',
      METADATA_TIMEOUT_MS: '1500',
      METADATA_RETRIES: '0',
      FETCH_USER_AGENT: 'MyShelf/1.0 (+mailto:me@example.org)',
      FX_RATES_URL: 'https://rates.mirror.example/',
    }).metadata;
    expect(metadata).toEqual({
      sources: ['google-books', 'open-library'],
      openLibraryUrl: 'https://ol.mirror.example',
      googleBooksUrl: 'http://127.0.0.1:9999',
      googleBooksApiKey: API_KEY,
      minIntervalMs: 250,
      timeoutMs: 1500,
      retries: 0,
      userAgent: 'MyShelf/1.0 (+mailto:me@example.org)',
      demoServerUrl: null,
    });
  });

  it('turns every source off with "off"', () => {
    expect(loadConfig({ METADATA_SOURCES: 'off', FX_RATES: 'off' }).metadata).toMatchObject({ sources: [], demoServerUrl: null });
  });

  it('starts the demonstration server in development only while a configured source or the exchange rates point at it', () => {
    const ratesElsewhere = { FX_RATES_URL: 'https://www.ecb.europa.eu/stats/eurofxref/' };
    expect(loadConfig({ METADATA_SOURCES: 'google-books', OPEN_LIBRARY_URL: 'https://openlibrary.org', ...ratesElsewhere }).metadata.demoServerUrl).toBe(DEMO_METADATA_URL);
    expect(loadConfig({ METADATA_SOURCES: 'open-library', OPEN_LIBRARY_URL: 'https://openlibrary.org', ...ratesElsewhere }).metadata.demoServerUrl).toBeNull();
    // The demonstration exchange rates are served by the same server.
    expect(loadConfig({ METADATA_SOURCES: 'off' }).metadata.demoServerUrl).toBe(DEMO_METADATA_URL);
    expect(loadConfig({ METADATA_SOURCES: 'off', FX_RATES: 'off' }).metadata.demoServerUrl).toBeNull();
    expect(loadConfig({ NODE_ENV: 'production', METADATA_SOURCES: 'off' }).metadata.demoServerUrl).toBeNull();
    expect(loadConfig({ METADATA_DEMO_SERVER: 'off' }).metadata.demoServerUrl).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test', METADATA_DEMO_SERVER: 'on' }).metadata.demoServerUrl).toBe(DEMO_METADATA_URL);
  });

  it.each([
    [{ METADATA_SOURCES: 'open-library,amazon' }, 'METADATA_SOURCES must be a comma-separated list of open-library, google-books, off'],
    [{ METADATA_SOURCES: 'off,google-books' }, 'METADATA_SOURCES "off" cannot be combined with a source'],
    [{ METADATA_SOURCES: 'open-library,open-library' }, 'METADATA_SOURCES names a source twice'],
    [{ METADATA_SOURCES: ' , ' }, 'METADATA_SOURCES must be a comma-separated list'],
    [{ OPEN_LIBRARY_URL: 'openlibrary.org' }, 'OPEN_LIBRARY_URL must be a URL starting with http:// or https://'],
    [{ GOOGLE_BOOKS_URL: 'ftp://books.example' }, 'GOOGLE_BOOKS_URL must be a URL starting with http:// or https://'],
    [{ METADATA_MIN_INTERVAL_MS: '-1' }, 'METADATA_MIN_INTERVAL_MS must be an integer from 0 to 60000'],
    [{ METADATA_TIMEOUT_MS: '50' }, 'METADATA_TIMEOUT_MS must be an integer from 100 to 60000'],
    [{ METADATA_RETRIES: 'two' }, 'METADATA_RETRIES must be an integer from 0 to 5'],
    [{ METADATA_DEMO_SERVER: 'yes' }, 'METADATA_DEMO_SERVER must be one of on, off'],
    [{ NODE_ENV: 'production', METADATA_DEMO_SERVER: 'on' }, 'METADATA_DEMO_SERVER must be off in production'],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(problemsOf(env).join('\n')).toContain(message);
  });

  it('never shows the API key, even when the configuration is refused', () => {
    const problems = problemsOf({ GOOGLE_BOOKS_API_KEY: API_KEY, METADATA_SOURCES: 'nope', METADATA_TIMEOUT_MS: 'x' });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).not.toContain(API_KEY);
  });
});
