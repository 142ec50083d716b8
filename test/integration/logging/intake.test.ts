import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestService, type TestService } from '../../support/test-service.js';
import { bodyWithNestedDetail, nested } from '../../unit/logging/detail-shapes.js';
import { LOGGING_ENV, postLog, SHARED_SECRET } from './logging-test-helpers.js';

// In-process mode: the API itself is the logging component and serves POST /log.
let t: TestService;
beforeAll(async () => {
  t = await startTestService(LOGGING_ENV);
});
afterAll(() => t?.stop());

const raw = (body: string | undefined, headers: Record<string, string>) =>
  fetch(`${t.baseUrl}/log`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, text: await r.text() }));
const authorised = { authorization: `Bearer ${SHARED_SECRET}`, 'content-type': 'application/json' };

describe('POST /log authentication', () => {
  const event = { log_level: 'info', log_source: 'consolidation', log_event: 'intake_auth_probe' };

  it('refuses a missing or wrong secret with 401 and records nothing of the event', async () => {
    expect(await postLog(t.baseUrl, event, null)).toBe(401);
    expect(await postLog(t.baseUrl, event, 'wrong-secret-0123456789abcdef')).toBe(401);
    expect(await postLog(t.baseUrl, event, `${SHARED_SECRET}x`)).toBe(401);
    const basic = await raw(JSON.stringify(event), { ...authorised, authorization: `Basic ${Buffer.from(`x:${SHARED_SECRET}`).toString('base64')}` });
    expect(basic.status).toBe(401);
    expect(JSON.parse(basic.text)).toMatchObject({ error: 'unauthorized' });
    // The failures themselves are auth_failed with the reason only, never the secret that was tried.
    const failures = await eventually(async () => {
      const rows = await t.db.sql<{ log_detail: Record<string, unknown> }>(`select log_detail from log where log_event = 'auth_failed'`);
      expect(rows.length).toBe(4);
      return rows;
    });
    expect(failures.map((r) => r.log_detail)).toEqual(
      expect.arrayContaining([{ reason: 'missing_token' }, { reason: 'invalid_signature' }, { reason: 'malformed_token' }]),
    );
    expect(JSON.stringify(failures)).not.toContain('wrong-secret');
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.db.sql(`select 1 from log where log_event = 'intake_auth_probe'`)).toHaveLength(0);
  });

  it('accepts the right secret with 202 and no body; the row appears with log_time kept', async () => {
    const response = await raw(
      JSON.stringify({ ...event, log_detail: { month: '2026-10', nested: { n: 1 } }, log_time: '2026-11-01T00:30:00.250Z' }),
      authorised,
    );
    expect(response).toEqual({ status: 202, text: '' });
    const rows = await eventually(async () => {
      const found = await t.db.sql<{ log_time: Date; log_level: string; log_source: string; log_detail: unknown }>(
        `select log_time, log_level, log_source, log_detail from log where log_event = 'intake_auth_probe'`,
      );
      expect(found).toHaveLength(1);
      return found;
    });
    expect(rows[0]).toEqual({ log_time: new Date('2026-11-01T00:30:00.250Z'), log_level: 'info', log_source: 'consolidation', log_detail: { month: '2026-10', nested: { n: 1 } } });
  });

  it('timestamps an event without log_time on arrival', async () => {
    const before = Date.now();
    expect(await postLog(t.baseUrl, { log_level: 'warn', log_source: 'api', log_event: 'intake_no_time' })).toBe(202);
    const [row] = await eventually(async () => {
      const found = await t.db.sql<{ log_time: Date; log_detail: unknown }>(`select log_time, log_detail from log where log_event = 'intake_no_time'`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(row!.log_time.getTime()).toBeGreaterThanOrEqual(before - 5);
    expect(row!.log_detail).toEqual({});
  });
});

describe('POST /log bad bodies (400, 413 or 415 with the API\'s error body, never a 500)', () => {
  const valid = { log_level: 'error', log_source: 'scheduled_fetch', log_event: 'fetch_failed' };
  const cases: Array<[string, unknown, string]> = [
    ['an unknown level', { ...valid, log_level: 'fatal' }, 'log_level'],
    ['an unknown source', { ...valid, log_source: 'somewhere' }, 'log_source'],
    ['a missing event', { log_level: 'info', log_source: 'api' }, 'log_event'],
    ['an event name with spaces', { ...valid, log_event: 'fetch failed' }, 'log_event'],
    ['a detail that is an array', { ...valid, log_detail: [1, 2] }, 'log_detail'],
    ['a detail that is a string', { ...valid, log_detail: 'boom' }, 'log_detail'],
    ['a log_time that is not ISO 8601', { ...valid, log_time: 'yesterday' }, 'log_time'],
    ['a log_time that is a number', { ...valid, log_time: 1700000000000 }, 'log_time'],
    ['an unknown field', { ...valid, log_message: 'hi' }, 'log_message'],
    ['an array body', [valid], 'body'],
    ['a NUL character', { ...valid, log_detail: { error: 'a\u0000b' } }, 'log_detail.error'],
    // jsonb refuses lone surrogates: one such event used to make the whole batch insert fail.
    ['a lone surrogate in a detail value', { ...valid, log_detail: { user: { name: 'x\ud800' } } }, 'log_detail.user.name'],
    ['a lone surrogate in a detail key', { ...valid, log_detail: { 'k\udc00': 1 } }, 'log_detail'],
    ['a detail nested deeper than 32 levels', { ...valid, log_detail: nested(33) }, 'log_detail'],
    ['a detail over 16 KiB as JSON', { ...valid, log_detail: { blob: 'x'.repeat(16_384) } }, 'log_detail'],
    // PostgreSQL has no year 0: it would refuse the batch.
    ['a log_time in year 0000', { ...valid, log_time: '0000-06-01T00:00:00Z' }, 'log_time'],
  ];
  for (const [name, body, field] of cases) {
    it(`400 validation_failed for ${name}`, async () => {
      const response = await raw(JSON.stringify(body), authorised);
      expect(response.status, response.text).toBe(400);
      const parsed = JSON.parse(response.text);
      expect(parsed.error).toBe('validation_failed');
      expect(parsed.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  }

  it('400 for malformed JSON and for an empty body, 415 for another media type, 413 over 1 MiB', async () => {
    expect(JSON.parse((await raw('{"log_level":', authorised)).text)).toMatchObject({ error: 'validation_failed' });
    expect((await raw('{"log_level":', authorised)).status).toBe(400);
    expect((await raw(undefined, authorised)).status).toBe(400);
    const wrongType = await raw(JSON.stringify(valid), { ...authorised, 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    expect(JSON.parse(wrongType.text).error).toBe('unsupported_media_type');
    const huge = await raw(JSON.stringify({ ...valid, log_detail: { blob: 'x'.repeat(1_100_000) } }), authorised);
    expect(huge.status).toBe(413);
  });

  it('refuses a 30 KB detail nested 5,000 deep with 400, and keeps recording (it used to end the process)', async () => {
    const body = bodyWithNestedDetail({ ...valid, log_event: 'deep_probe' }, 5000);
    expect(body.length).toBeGreaterThan(30_000);
    const response = await raw(body, authorised);
    expect(response.status, response.text).toBe(400);
    expect(JSON.parse(response.text)).toMatchObject({
      error: 'validation_failed',
      details: [{ field: 'log_detail', message: 'must nest at most 32 levels of objects and arrays' }],
    });
    expect(await postLog(t.baseUrl, { ...valid, log_event: 'after_deep_probe' })).toBe(202);
    await eventually(async () => expect(await t.db.sql(`select 1 from log where log_event = 'after_deep_probe'`)).toHaveLength(1));
    expect(await t.db.sql(`select 1 from log where log_event = 'deep_probe'`)).toHaveLength(0);
  });

  it('takes a detail of exactly 16 KiB as JSON', async () => {
    const detail = { blob: `${'é'.repeat(8186)}x` }; // counted in UTF-8 bytes: 11 + 2 × 8,186 + 1
    expect(Buffer.byteLength(JSON.stringify(detail))).toBe(16_384);
    expect(await postLog(t.baseUrl, { ...valid, log_event: 'max_detail_probe', log_detail: detail })).toBe(202);
    const [row] = await eventually(async () => {
      const found = await t.db.sql<{ log_detail: unknown }>(`select log_detail from log where log_event = 'max_detail_probe'`);
      expect(found).toHaveLength(1);
      return found;
    });
    expect(row!.log_detail).toEqual(detail);
  });

  it('405 with Allow for another method on /log', async () => {
    const response = await fetch(`${t.baseUrl}/log`, { headers: { authorization: `Bearer ${SHARED_SECRET}` } });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('POST /log with a batch (application/x-ndjson, one event per line)', () => {
  const ndjson = { authorization: `Bearer ${SHARED_SECRET}`, 'content-type': 'application/x-ndjson' };
  const line = (i: number, name = 'batch_probe') =>
    JSON.stringify({ log_level: 'info', log_source: 'scheduled_fetch', log_event: name, log_detail: { i }, log_time: `2026-11-02T00:00:${String(i).padStart(2, '0')}Z` });
  const rowsOf = (name: string) =>
    t.db.sql<{ i: number; log_time: Date }>(`select (log_detail->>'i')::int as i, log_time from log where log_event = $1 order by log_id`, [name]);

  it('records every line, in order, each with its log_time; blank lines and CRLF are fine', async () => {
    const body = `${line(1)}\r\n\n${line(2)}\n${line(3)}\n`;
    expect(await raw(body, ndjson)).toEqual({ status: 202, text: '' });
    const rows = await eventually(async () => {
      const found = await rowsOf('batch_probe');
      expect(found).toHaveLength(3);
      return found;
    });
    expect(rows).toEqual([1, 2, 3].map((i) => ({ i, log_time: new Date(`2026-11-02T00:00:0${i}Z`) })));
  });

  it('refuses the whole batch when one line is bad, naming the line and its field; nothing is recorded', async () => {
    const bad = JSON.stringify({ log_level: 'fatal', log_source: 'scheduled_fetch', log_event: 'batch_reject_probe' });
    const response = await raw([line(1, 'batch_reject_probe'), bad, '{"log_level":', line(4, 'batch_reject_probe'), '[1]'].join('\n'), ndjson);
    expect(response.status, response.text).toBe(400);
    const parsed = JSON.parse(response.text);
    expect(parsed.error).toBe('validation_failed');
    expect(parsed.details.map((d: { field: string }) => d.field)).toEqual(['line 2.log_level', 'line 3', 'line 5']);
    const nul = await raw(JSON.stringify({ log_level: 'info', log_source: 'api', log_event: 'batch_reject_probe', log_detail: { e: 'a\u0000' } }), ndjson);
    expect(JSON.parse(nul.text).details).toEqual([{ field: 'line 1.log_detail.e', message: 'must not contain U+0000' }]);
    const unfit = await raw(
      [
        line(1, 'batch_reject_probe'),
        bodyWithNestedDetail({ log_level: 'info', log_source: 'api', log_event: 'batch_reject_probe' }, 5000),
        JSON.stringify({ log_level: 'info', log_source: 'api', log_event: 'batch_reject_probe', log_detail: { name: '\ud800' } }),
      ].join('\n'),
      ndjson,
    );
    expect(unfit.status, unfit.text).toBe(400);
    expect(JSON.parse(unfit.text).details).toEqual([
      { field: 'line 2.log_detail', message: 'must nest at most 32 levels of objects and arrays' },
      { field: 'line 3.log_detail.name', message: 'must not contain a lone UTF-16 surrogate' },
    ]);
    await new Promise((r) => setTimeout(r, 200));
    expect(await rowsOf('batch_reject_probe')).toHaveLength(0);
  });

  it('400 for a batch with no event, 413 past 1,000 events', async () => {
    const empty = await raw('\n\n', ndjson);
    expect(empty.status).toBe(400);
    expect(JSON.parse(empty.text).error).toBe('validation_failed');
    const tooMany = await raw(Array.from({ length: 1001 }, (_, i) => line(i % 60, 'batch_size_probe')).join('\n'), ndjson);
    expect(tooMany.status).toBe(413);
    expect(JSON.parse(tooMany.text).error).toBe('payload_too_large');
    const most = await raw(Array.from({ length: 1000 }, (_, i) => line(i % 60, 'batch_size_probe')).join('\n'), ndjson);
    expect(most.status).toBe(202);
    await eventually(async () => expect(await rowsOf('batch_size_probe')).toHaveLength(1000));
  });

  it('checks the shared secret before reading the batch', async () => {
    const response = await raw(line(1, 'batch_auth_probe'), { ...ndjson, authorization: 'Bearer wrong-secret-0123456789abcdef' });
    expect(response.status).toBe(401);
    await new Promise((r) => setTimeout(r, 200));
    expect(await rowsOf('batch_auth_probe')).toHaveLength(0);
  });
});
