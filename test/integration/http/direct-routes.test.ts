// The API's routes without a body are answered straight from node:http (directRoutes); the Express application holds
// the same routes. Both are served here over real HTTP with the same hand-written routes and fakes, and every answer,
// access log line and logged event of the one must be those of the other.
import type { RequestListener } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AccessLogEntry } from '../../../src/adapters/http/access-log.js';
import { createHttpApp, expressHttpApp, type HttpAppDeps } from '../../../src/adapters/http/http-app.js';
import { HttpProblem } from '../../../src/adapters/kits/http/errors/http-problem.js';
import { listen, type RunningServer } from '../../../src/adapters/kits/http/http-server.js';
import { directRoutes } from '../../../src/adapters/kits/http/routing/direct-routes.js';
import { route, type RouteSpec } from '../../../src/adapters/kits/http/routing/route-spec.js';
import { NotFoundError, RateLimitedError } from '../../../src/domain/shared/domain-error.js';
import { FakeClock } from '../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../support/fakes/fake-log-sink.js';

const Id = z.strictObject({ id: z.string().regex(/^\d+$/).transform(Number) });

/** Routes of every kind the API has: JWT, public, public unless the path says otherwise, with and without a body. */
const routes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/things',
    summary: 'list',
    tag: 't',
    auth: 'jwt',
    query: z.strictObject({ per_page: z.coerce.number().int().min(1).max(100).default(20), tag: z.union([z.string(), z.array(z.string())]).optional() }),
    responses: { 200: { description: 'ok' } },
    handle: async ({ query, userId, path }) => ({ status: 200, body: { query, userId, path }, headers: { 'X-Total-Count': '3' } }),
  }),
  route({
    method: 'get',
    path: '/things/summary',
    summary: 'a literal before a parameter',
    tag: 't',
    auth: 'none',
    responses: { 200: { description: 'ok' } },
    handle: async ({ path }) => ({ status: 200, body: { summary: true, path } }),
  }),
  route({
    method: 'get',
    path: '/things/:id',
    summary: 'one',
    tag: 't',
    auth: 'none',
    params: Id,
    responses: { 200: { description: 'ok' } },
    handle: async ({ params }) => {
      if (params.id === 404) throw new NotFoundError('Thing', params.id);
      if (params.id === 429) throw new RateLimitedError('Slow down', 7);
      if (params.id === 500) throw new Error('select secret from things where id = 500');
      if (params.id === 204) return { status: 204 };
      if (params.id === 7) return { status: 200, body: { big: 'x'.repeat(20_000) } };
      return { status: 200, body: { id: params.id } };
    },
  }),
  route({
    method: 'get',
    path: '/shared/:id',
    summary: 'public by token, private by id',
    tag: 't',
    auth: { jwtWhen: (params) => /^\d+$/.test(params.id ?? '') },
    responses: { 200: { description: 'ok' } },
    handle: async ({ userId }) => ({ status: 200, body: { userId } }),
  }),
  route({
    method: 'delete',
    path: '/things/:id',
    summary: 'delete',
    tag: 't',
    auth: 'jwt',
    params: Id,
    responses: { 204: { description: 'gone' } },
    handle: async () => ({ status: 204 }),
  }),
  route({
    method: 'post',
    path: '/things',
    summary: 'create',
    tag: 't',
    auth: 'jwt',
    body: z.strictObject({ name: z.string() }),
    responses: { 201: { description: 'created' } },
    handle: async ({ body }) => ({ status: 201, body }),
  }),
];

interface Side {
  server: RunningServer;
  url: string;
  logs: FakeLogSink;
  lines: AccessLogEntry[];
}

function depsOf(logs: FakeLogSink, lines: AccessLogEntry[]): HttpAppDeps {
  return {
    routes,
    authenticate: async (authorization) => {
      if (authorization === 'Bearer good') return 42;
      logs.record({ event: 'auth_failed', at: '2026-11-25T03:00:00.000Z', reason: 'invalid_signature' } as never);
      throw new HttpProblem('unauthorized', 'The bearer token signature is invalid', { 'WWW-Authenticate': 'Bearer' });
    },
    scope: { run: (work) => work() },
    logs,
    clock: new FakeClock(),
    isDatabaseUnavailable: () => false,
    version: 'test',
    accessLog: (entry) => lines.push(entry),
  };
}

async function serve(build: (deps: HttpAppDeps) => RequestListener): Promise<Side> {
  const logs = new FakeLogSink();
  const lines: AccessLogEntry[] = [];
  const server = await listen(build(depsOf(logs, lines)), 0, '127.0.0.1');
  return { server, url: `http://127.0.0.1:${server.port}`, logs, lines };
}

let direct: Side;
let express: Side;
beforeAll(async () => {
  direct = await serve(createHttpApp);
  express = await serve(expressHttpApp);
});
afterAll(async () => {
  await direct?.server.close();
  await express?.server.close();
});

/** What a client sees of an answer, without what differs between any two answers (date, a fresh request id). */
async function answerOf(side: Side, path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const response = await fetch(side.url + path, { ...init, headers: { 'accept-encoding': 'identity', ...init.headers } });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'keep-alive', 'connection'].includes(name)));
  // A fresh id where the caller gave none (or none that could be kept).
  if (headers['x-request-id'] !== new Headers(init.headers).get('x-request-id')) {
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    delete headers['x-request-id'];
  }
  // fetch has undone any gzip; the headers still say it was sent so.
  return { status: response.status, headers, text: await response.text() };
}

const GOOD = { authorization: 'Bearer good' };
const CASES: Array<[string, string, RequestInit?]> = [
  ['a listing with its query, user and path', '/api/things?per_page=5&tag=a&tag=b', { headers: GOOD }],
  ['the query schema refusing a value', '/api/things?per_page=0', { headers: GOOD }],
  ['an unknown query key', '/api/things?nope=1', { headers: GOOD }],
  ['no token', '/api/things'],
  ['a bad token', '/api/things', { headers: { authorization: 'Bearer bad' } }],
  ['the caller\'s request id', '/api/things/1', { headers: { 'x-request-id': 'caller-id.1' } }],
  ['a request id that is not a plain token', '/api/things/1', { headers: { 'x-request-id': 'not plain!' } }],
  ['a literal path before a parameter', '/api/things/summary'],
  ['a parameter the schema refuses', '/api/things/abc'],
  ['a not-found domain error', '/api/things/404'],
  ['a rate-limited domain error and its Retry-After', '/api/things/429'],
  ['an unexpected error, never its message', '/api/things/500'],
  ['an empty answer', '/api/things/204'],
  ['a large answer, not compressed for this client', '/api/things/7'],
  ['a large answer, gzip-compressed', '/api/things/7', { headers: { 'accept-encoding': 'gzip' } }],
  ['a public route by token', '/api/shared/abc'],
  ['a private route by id, without a token', '/api/shared/12'],
  ['a private route by id, with one', '/api/shared/12', { headers: GOOD }],
  ['a percent-encoded parameter', '/api/shared/a%20b'],
  ['a parameter that does not decode', '/api/shared/%E0%A4%A'],
  ['a delete', '/api/things/3', { method: 'DELETE', headers: GOOD }],
  ['a delete without a token', '/api/things/3', { method: 'DELETE' }],
  ['a method the path does not have', '/api/things/3', { method: 'PUT', headers: GOOD }],
  ['HEAD of a read', '/api/things/1', { method: 'HEAD' }],
  ['a body route', '/api/things', { method: 'POST', headers: { ...GOOD, 'content-type': 'application/json' }, body: '{"name":"n"}' }],
  ['a trailing slash', '/api/things/1/'],
  ['another letter case of the mount', '/API/things/1'],
  ['an unknown path', '/api/nothing'],
  ['outside the API', '/elsewhere'],
];

describe('the direct routes answer exactly as the Express application', () => {
  it.each(CASES)('%s', async (_name, path, init) => {
    const before = { direct: direct.lines.length, express: express.lines.length, events: [direct.logs.events.length, express.logs.events.length] };
    const [fromDirect, fromExpress] = [await answerOf(direct, path, init), await answerOf(express, path, init)];
    expect(fromDirect).toEqual(fromExpress);
    // The access log line and any event logged meanwhile are the same too (the line is written once the answer is).
    await new Promise((resolve) => setTimeout(resolve, 20));
    const lineOf = (entries: AccessLogEntry[], from: number) => entries.slice(from).map(({ duration_ms: _d, request_id: _r, ...rest }) => rest);
    expect(lineOf(direct.lines, before.direct)).toEqual(lineOf(express.lines, before.express));
    expect(lineOf(direct.lines, before.direct)).toHaveLength(1);
    const eventsOf = (logs: FakeLogSink, from: number) =>
      logs.events.slice(from).map((event) => JSON.parse(JSON.stringify(event, (key, value) => (key === 'stack' || key === 'request_id' ? undefined : value))));
    expect(eventsOf(direct.logs, before.events[0]!)).toEqual(eventsOf(express.logs, before.events[1]!));
  });

  it('logs an unexpected error once, with its route template and the request id, never its SQL', async () => {
    const from = direct.logs.events.length;
    await fetch(`${direct.url}/api/things/500`, { headers: { 'x-request-id': 'req-500' } });
    const logged = direct.logs.events.slice(from) as unknown as Array<Record<string, unknown>>;
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ event: 'api_error', detail: { endpoint: 'GET /api/things/:id', status: 500, request_id: 'req-500' } });
    expect(JSON.stringify(logged[0])).not.toContain('secret');
  });
});

describe('which requests the direct routes answer themselves', () => {
  it('answers the routes without a body and hands everything else to the fallback', async () => {
    const handed: string[] = [];
    const logs = new FakeLogSink();
    const listener = directRoutes(
      routes,
      { ...depsOf(logs, []), mount: '/api', headers: {}, answerError: () => undefined },
      (req, res) => {
        handed.push(`${req.method} ${req.url}`);
        res.statusCode = 599;
        res.end();
      },
    );
    const server = await listen(listener, 0, '127.0.0.1');
    try {
      const status = async (path: string, init?: RequestInit): Promise<number> => (await fetch(`http://127.0.0.1:${server.port}${path}`, init)).status;
      expect(await status('/api/things/1')).toBe(200);
      expect(await status('/api/things?per_page=2', { headers: GOOD })).toBe(200);
      expect(await status('/api/things/3', { method: 'DELETE', headers: GOOD })).toBe(204);
      expect(handed).toEqual([]);
      for (const [path, init] of [
        ['/api/things', { method: 'POST', headers: GOOD, body: '{}' }],
        ['/api/things/1', { method: 'HEAD' }],
        ['/api/things/1/'],
        ['/API/things/1'],
        ['/api/nothing'],
        ['/api/openapi.json'],
        ['/'],
      ] as Array<[string, RequestInit?]>) {
        expect(await status(path, init)).toBe(599);
      }
      expect(handed).toEqual(['POST /api/things', 'HEAD /api/things/1', 'GET /api/things/1/', 'GET /API/things/1', 'GET /api/nothing', 'GET /api/openapi.json', 'GET /']);
    } finally {
      await server.close();
    }
  });

  it('answers a bare 500 when answering the error fails too, and goes on serving', async () => {
    const listener = directRoutes(
      routes,
      {
        ...depsOf(new FakeLogSink(), []),
        mount: '/api',
        headers: {},
        answerError: () => {
          throw new Error('the log sink is gone');
        },
      },
      (_req, res) => res.end(),
    );
    const server = await listen(listener, 0, '127.0.0.1');
    try {
      const failed = await fetch(`http://127.0.0.1:${server.port}/api/things/500`);
      expect(failed.status).toBe(500);
      expect(await failed.text()).toBe('');
      expect((await fetch(`http://127.0.0.1:${server.port}/api/things/1`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
