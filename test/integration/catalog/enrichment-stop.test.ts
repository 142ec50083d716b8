// The enrichment loop of a real service process (issue 30, second probe, M3): with imported editions awaiting
// enrichment and a metadata source that takes its time, SIGTERM stops the process within a few seconds (the lookup in
// flight is abandoned, not waited out for the whole grace), and a service started again on the same database moves the
// backlog on by itself, saying so in its log.
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoMetadataServer, type DemoMetadataServer } from '../../../src/adapters/demo/metadata/index.js';
import { freePort } from '../../support/database-for-tests.js';
import { type ServiceProcess, spawnService } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { TEST_JWT_SECRET } from '../../support/test-service.js';

const EDITIONS = 400;

let db: TestDatabase;
let metadata: DemoMetadataServer;
const running: ServiceProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  metadata = await startDemoMetadataServer({ port: 0 });
}, 120_000);
afterAll(async () => {
  for (const service of running) if (service.child.exitCode === null) service.child.kill('SIGKILL');
  await metadata?.close();
  await db?.drop();
});

async function start(): Promise<{ service: ServiceProcess; base: string }> {
  const port = await freePort();
  const service = spawnService({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    SHUTDOWN_GRACE_MS: '25000',
    SCHEDULER: 'off',
    DEMO_STORES: 'off',
    METADATA_SOURCES: 'open-library,google-books',
    OPEN_LIBRARY_URL: metadata.url,
    GOOGLE_BOOKS_URL: metadata.url,
    METADATA_TIMEOUT_MS: '60000',
    METADATA_RETRIES: '0',
    METADATA_MIN_INTERVAL_MS: '10',
  });
  running.push(service);
  await service.waitFor(/listening on/);
  return { service, base: `http://127.0.0.1:${port}` };
}

/** ISBN-13s (valid check digit) of the 979-8-9 block, which the demonstration catalogue does not use. */
function isbns(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    const body = `9798900${String(i).padStart(5, '0')}`;
    const sum = [...body].reduce((acc, digit, k) => acc + Number(digit) * (k % 2 === 0 ? 1 : 3), 0);
    return `${body}${(10 - (sum % 10)) % 10}`;
  });
}

const waiting = async (): Promise<number> =>
  Number((await db.sql<{ n: string }>('select count(*) as n from edition where enriched_at is null'))[0]!.n);

describe('the enrichment loop', () => {
  it('stops within seconds of SIGTERM while a lookup waits on a slow source, and the backlog moves on after a restart', async () => {
    // Every lookup takes a minute: the loop is always waiting on one.
    metadata.set('open-library', '*', { kind: 'slow', delayMs: 60_000 });
    metadata.set('google-books', '*', { kind: 'slow', delayMs: 60_000 });
    const first = await start();
    const token = jwt.sign({ sub: 'enrichment-stop' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 });
    const imported = await fetch(`${first.base}/api/wishes/import?create_missing=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: `isbn\n${isbns(EDITIONS).join('\n')}\n`,
    });
    expect(imported.status).toBe(200);
    expect(await waiting()).toBe(EDITIONS);
    // The enrichment run has asked the source and waits for its answer.
    const askedBy = Date.now() + 30_000;
    while (metadata.requests().length === 0 && Date.now() < askedBy) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(metadata.requests().length).toBeGreaterThan(0);

    const stopAt = Date.now();
    first.service.child.kill('SIGTERM');
    const code = await first.service.exited(30_000);
    const stopMs = Date.now() - stopAt;
    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(5_000);
    expect(await waiting()).toBe(EDITIONS);

    // The source answers again; a new process takes the backlog up without any import queuing a run.
    metadata.reset();
    const second = await start();
    const progressBy = Date.now() + 60_000;
    while ((await waiting()) === EDITIONS && Date.now() < progressBy) await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await waiting()).toBeLessThan(EDITIONS);
    await second.service.waitFor(/enrichment progress/, 60_000);
    second.service.child.kill('SIGTERM');
    expect(await second.service.exited(30_000)).toBe(0);
  }, 240_000);
});
