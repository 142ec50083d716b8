import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { spawnService } from '../../support/service-process.js';

// `npm start` without DATABASE_URL: embedded PostgreSQL in a data folder, migrations, API, a development token.
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-start-'));
  await chmod(folder, 0o755);
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function startOnce(env: Record<string, string>) {
  const service = spawnService(env);
  const [, url] = await service.waitFor(/listening on (http:\/\/\S+) /);
  const [, token] = await service.waitFor(/Development token[^\n]*\n(\S+)/);
  return { service, url: url!.replace('localhost', '127.0.0.1'), token: token! };
}

describe('npm start with the embedded database', () => {
  it('starts, serves with the printed token, shuts down on SIGTERM, and reuses its data on the next start', async () => {
    const env = {
      DATA_DIR: path.join(folder, 'data'),
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
    };
    const first = await startOnce(env);
    const created = await fetch(`${first.url}/api/authors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ author_name: 'Ursula K. Le Guin' }),
    });
    expect(created.status).toBe(201);

    // A request in flight when SIGTERM arrives still completes: its body is only finished after the signal.
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(`${first.url}/api/authors`, {
        method: 'POST',
        headers: { authorization: `Bearer ${first.token}`, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write('{"author_name": ');
      setTimeout(() => {
        first.service.child.kill('SIGTERM');
        setTimeout(() => req.end('"Octavia E. Butler"}'), 500);
      }, 200);
    });
    expect(await inFlight).toBe(201);
    expect(await first.service.exited()).toBe(0);
    expect(await portAnswers(Number(env.EMBEDDED_PG_PORT))).toBe(false);
    expect(await portAnswers(Number(env.PORT))).toBe(false);

    const second = await startOnce(env);
    expect(second.service.output()).not.toMatch(/Creating the embedded PostgreSQL cluster/);
    const listed = await fetch(`${second.url}/api/authors`, { headers: { authorization: `Bearer ${second.token}` } });
    const body = (await listed.json()) as { data: Array<{ author_name: string }> };
    expect(body.data.map((a) => a.author_name)).toEqual(['Ursula K. Le Guin', 'Octavia E. Butler']);
    second.service.child.kill('SIGINT');
    expect(await second.service.exited()).toBe(0);
  }, 120_000);
});

describe('start-up failures are one clear message', () => {
  it('names a database that does not answer, without a stack trace or the password', async () => {
    const port = await freePort();
    const service = spawnService({ DATABASE_URL: `postgres://app:s3cret-pw@127.0.0.1:${port}/shelfwatch`, JWT_SECRET: 'x'.repeat(40) });
    expect(await service.exited()).toBe(1);
    const output = service.output();
    expect(output).toMatch(new RegExp(`Cannot connect to the database at postgres://app:\\*\\*\\*@127\\.0\\.0\\.1:${port}/shelfwatch`));
    expect(output).not.toContain('s3cret-pw');
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('names every invalid variable', async () => {
    const service = spawnService({ PORT: 'eighty', JWT_SECRET: 'short', LOG_FLUSH_MS: '-5' });
    expect(await service.exited()).toBe(1);
    const output = service.output();
    expect(output).toMatch(/PORT must be an integer/);
    expect(output).toMatch(/JWT_SECRET must be at least 32 characters/);
    expect(output).toMatch(/LOG_FLUSH_MS must be an integer/);
    expect(output).not.toContain('short');
  }, 60_000);
});
