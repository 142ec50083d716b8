// A request whose answer is never written out whole is logged as cut, with the status actually sent (0 for none),
// not as the 200 Node's response object starts with.
import express from 'express';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, type AccessLogEntry } from '../../../src/adapters/http/access-log.js';
import { listen, type RunningServer } from '../../../src/adapters/kits/http/http-server.js';

const entries: AccessLogEntry[] = [];
let server: RunningServer;

beforeAll(async () => {
  const app = express();
  app.use(accessLog((entry) => entries.push(entry)));
  app.get('/slow', () => undefined); // never answers
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  server = await listen(app, 0, '127.0.0.1');
});
afterAll(() => server.close(Date.now()));

const waitFor = async <T>(find: () => T | undefined): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no access log entry');
};

describe('the access log', () => {
  it('says a request was cut, with status 0, when the connection closed before any answer', async () => {
    const req = request(`http://127.0.0.1:${server.port}/slow`);
    req.on('error', () => undefined);
    req.end();
    await new Promise((resolve) => setTimeout(resolve, 100));
    req.destroy();
    const entry = await waitFor(() => entries.find((e) => e.path === '/slow'));
    expect(entry).toMatchObject({ method: 'GET', status: 0, cut: true });
  });

  it('writes a whole answer with its status and no cut flag', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/ok`);
    expect(res.status).toBe(200);
    const entry = await waitFor(() => entries.find((e) => e.path === '/ok'));
    expect(entry.status).toBe(200);
    expect(entry).not.toHaveProperty('cut');
  });
});
