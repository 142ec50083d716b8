import { createHash } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { getLogs, LOGGING_ENV, VIEWER_TOKEN } from './logging-test-helpers.js';

// GET /logs: JSON paginated like every list endpoint, newest first, filters; the same URL as an HTML page.
let t: TestService;
const BASE = Date.parse('2026-01-01T00:00:00.000Z');
const at = (minute: number): string => new Date(BASE + minute * 60_000).toISOString();

beforeAll(async () => {
  t = await startTestService(LOGGING_ENV);
  // 25 rows inserted in shuffled time order, so "newest first" cannot come from insertion order.
  const sources = ['api', 'scheduled_fetch', 'consolidation', 'alert', 'auth'];
  const minutes = Array.from({ length: 25 }, (_, i) => (i * 7) % 25);
  for (const m of minutes) {
    await t.db.sql(`insert into log (log_time, log_level, log_source, log_event, log_detail, log_instance) values ($1, $2, $3, $4, $5, $6)`, [
      at(m),
      m % 3 === 0 ? 'error' : 'info',
      sources[m % 5],
      `event_${m}`,
      { minute: m, note: '<b>not html</b>' },
      m % 2 === 0 ? 'api-1' : 'api-2',
    ]);
  }
});
afterAll(() => t?.stop());

const eventsOf = (body: { data: Array<{ log_event: string }> }): string[] => body.data.map((r) => r.log_event);

describe('GET /logs as JSON', () => {
  it('lists newest first with the log record fields', async () => {
    const { status, body } = await getLogs(t.baseUrl, '/logs?per_page=3');
    expect(status).toBe(200);
    expect(eventsOf(body)).toEqual(['event_24', 'event_23', 'event_22']);
    expect(body.data[0]).toEqual({
      log_id: expect.any(Number),
      log_time: at(24),
      log_level: 'error',
      log_source: 'auth',
      log_event: 'event_24',
      log_detail: { minute: 24, note: '<b>not html</b>' },
      log_instance: 'api-1',
    });
    expect(body._links.prev).toBeUndefined();
    expect(body._links.next.href).toMatch(/^\/logs\?per_page=3&cursor=/);
  });

  it('visits every row once following next from first, and prev from last', async () => {
    const forward: string[] = [];
    for (let href: string | undefined = '/logs?per_page=4'; href; ) {
      const { body } = await getLogs(t.baseUrl, href);
      forward.push(...eventsOf(body));
      href = body._links.next?.href;
    }
    expect(forward).toEqual(Array.from({ length: 25 }, (_, i) => `event_${24 - i}`));
    const backward: string[] = [];
    const first = await getLogs(t.baseUrl, '/logs?per_page=4');
    for (let href: string | undefined = first.body._links.last.href; href; ) {
      const { body } = await getLogs(t.baseUrl, href);
      backward.unshift(...eventsOf(body));
      href = body._links.prev?.href;
    }
    expect(backward).toEqual(forward);
  });

  it('filters by source, level and a since/until range, and repeats the filters in every link', async () => {
    const bySource = await getLogs(t.baseUrl, '/logs?source=consolidation');
    expect(eventsOf(bySource.body)).toEqual(['event_22', 'event_17', 'event_12', 'event_7', 'event_2']);
    const byLevel = await getLogs(t.baseUrl, '/logs?level=error&per_page=100');
    expect(byLevel.body.data.every((r: { log_level: string }) => r.log_level === 'error')).toBe(true);
    expect(byLevel.body.data).toHaveLength(9);
    const range = await getLogs(t.baseUrl, `/logs?since=${encodeURIComponent(at(5))}&until=${encodeURIComponent(at(9))}&per_page=2`);
    expect(eventsOf(range.body)).toEqual(['event_8', 'event_7']);
    const next = range.body._links.next.href as string;
    expect(next).toContain('since=');
    expect(next).toContain('until=');
    expect(eventsOf((await getLogs(t.baseUrl, next)).body)).toEqual(['event_6', 'event_5']);
    const combined = await getLogs(t.baseUrl, `/logs?source=api&level=error&since=2026-01-01T00:10:00%2B00:00`);
    expect(eventsOf(combined.body)).toEqual(['event_15']);
  });

  it('filters by the instance that wrote the events, and repeats it in the links', async () => {
    const byInstance = await getLogs(t.baseUrl, '/logs?instance=api-2&per_page=5');
    expect(eventsOf(byInstance.body)).toEqual(['event_23', 'event_21', 'event_19', 'event_17', 'event_15']);
    expect(byInstance.body._links.next.href).toContain('instance=api-2');
    expect(eventsOf((await getLogs(t.baseUrl, byInstance.body._links.next.href)).body)).toEqual(['event_13', 'event_11', 'event_9', 'event_7', 'event_5']);
    const withSource = await getLogs(t.baseUrl, '/logs?instance=api-1&source=consolidation');
    expect(eventsOf(withSource.body)).toEqual(['event_22', 'event_12', 'event_2']);
    expect((await getLogs(t.baseUrl, '/logs?instance=api-9')).body.data).toEqual([]);
  });

  it('answers 400 for bad filters, per_page and cursors', async () => {
    for (const query of ['source=nowhere', 'level=debug', 'instance=two%20words', 'instance=-lead', 'since=tomorrow', 'per_page=0', 'per_page=101', 'colour=red', `since=${at(9)}&until=${at(5)}`]) {
      const { status, body } = await getLogs(t.baseUrl, `/logs?${query}`);
      expect(status, query).toBe(400);
      expect(body.error, query).toBe('validation_failed');
    }
    const garbage = await getLogs(t.baseUrl, '/logs?cursor=garbage');
    expect(garbage.status).toBe(400);
    expect(garbage.body.error).toBe('invalid_cursor');
  });

  it('gives the first page when a cursor is sent with another per_page', async () => {
    const first = await getLogs(t.baseUrl, '/logs?per_page=3');
    const cursor = new URL(first.body._links.next.href, t.baseUrl).searchParams.get('cursor')!;
    const resized = await getLogs(t.baseUrl, `/logs?per_page=5&cursor=${encodeURIComponent(cursor)}`);
    expect(eventsOf(resized.body)).toEqual(['event_24', 'event_23', 'event_22', 'event_21', 'event_20']);
  });

  it('refuses a missing or wrong viewer token with 401 and WWW-Authenticate', async () => {
    const none = await fetch(`${t.baseUrl}/logs`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await none.json()) as { error: string }).error).toBe('unauthorized');
    const wrong = await getLogs(t.baseUrl, '/logs', { authorization: 'Bearer not-the-viewer-token-at-all' });
    expect(wrong.status).toBe(401);
    // The intake secret is not a viewer token.
    expect((await getLogs(t.baseUrl, '/logs', { authorization: `Bearer ${LOGGING_ENV.LOG_SHARED_SECRET}` })).status).toBe(401);
  });
});

describe('GET /logs as an HTML page', () => {
  const html = (path: string, headers: Record<string, string> = {}) => getLogs(t.baseUrl, path, { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', ...headers });

  it('sends the page with a policy that allows its one inline style by hash and nothing else; JSON and errors get the API\'s', async () => {
    const page = await html('/logs?per_page=1');
    const policy = page.headers.get('content-security-policy') ?? '';
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.text)![1]!;
    expect(policy).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/frame-ancestors 'none'/);
    expect(page.text).not.toMatch(/<script|style="/);
    for (const res of [page, await getLogs(t.baseUrl, '/logs?per_page=1'), await getLogs(t.baseUrl, '/logs', { authorization: 'Bearer wrong' })]) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
    expect((await getLogs(t.baseUrl, '/logs?per_page=1')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it('renders the rows with their detail expanded, the filters and next/prev links', async () => {
    // (until: the auth_failed rows of the 401 tests above are newer than the seeded ones.)
    const page = await html('/logs?per_page=3&source=auth&until=2026-02-01T00:00:00Z');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<form method="get" action="/logs">');
    expect(page.text).toContain('<option value="auth" selected>auth</option>');
    expect(page.text).toContain('event_24');
    expect(page.text).toContain('&quot;minute&quot;: 24');
    // The instance that wrote each row, and a filter for it.
    expect(page.text).toContain('<th>instance</th>');
    expect(page.text).toContain('<td>api-1</td>');
    expect(page.text).toContain('<input name="instance"');
    // Detail text is escaped, never interpreted.
    expect(page.text).toContain('&lt;b&gt;not html&lt;/b&gt;');
    expect(page.text).not.toContain('<b>not html</b>');
    const next = /<a rel="next" href="([^"]+)"/.exec(page.text)![1]!.replaceAll('&amp;', '&');
    expect(next).toMatch(/^\/logs\?source=auth&until=2026-02-01T00%3A00%3A00.000Z&per_page=3&cursor=/);
    const second = await html(next);
    expect(second.text).toContain('event_9');
    expect(second.text).not.toContain('event_24');
    expect(second.text).toMatch(/<a rel="prev" href="/);
  });

  it('applies the form filters (since/until as typed in a local date-time field, read as UTC)', async () => {
    const page = await html('/logs?source=&level=error&since=2026-01-01T00:10&until=2026-01-01T00:20&per_page=20');
    const shown = [...page.text.matchAll(/<strong>(event_\d+)<\/strong>/g)].map((m) => m[1]);
    expect(shown).toEqual(['event_18', 'event_15', 'event_12']);
    expect(page.text).toContain('<option value="error" selected>error</option>');
  });

  it('lets a browser sign in with Basic (the viewer token as password) and challenges it when missing', async () => {
    const challenge = await fetch(`${t.baseUrl}/logs`, { headers: { accept: 'text/html' } });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    // Each challenge on its own line, as Chromium needs to show its sign-in dialog.
    const lines = await new Promise<string[]>((resolve, reject) => {
      http.get(`${t.baseUrl}/logs`, { headers: { accept: 'text/html' } }, (res) => {
        res.resume();
        const values: string[] = [];
        for (let k = 0; k < res.rawHeaders.length; k += 2) {
          if (res.rawHeaders[k]!.toLowerCase() === 'www-authenticate') values.push(res.rawHeaders[k + 1]!);
        }
        resolve(values);
      }).on('error', reject);
    });
    expect(lines).toEqual(['Basic realm="Shelfwatch logs", charset="UTF-8"', 'Bearer']);
    const basic = await fetch(`${t.baseUrl}/logs`, {
      headers: { accept: 'text/html', authorization: `Basic ${Buffer.from(`maintainer:${VIEWER_TOKEN}`).toString('base64')}` },
    });
    expect(basic.status).toBe(200);
    expect(await basic.text()).toContain('Shelfwatch logs');
  });
});
