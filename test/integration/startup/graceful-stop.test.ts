// SIGTERM while a slow client reads a large answer (a public list of 80,000 books, about 40 MB): the answer is
// written out whole within SHUTDOWN_GRACE_MS, an idle kept-alive connection does not hold the stop up, and a reader
// that never reads is cut at the grace deadline.
import { Agent, get, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { type ServiceProcess, spawnService } from '../../support/service-process.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { TEST_JWT_SECRET } from '../../support/test-service.js';

const TOKEN = 'graceful-stop-list-token';
const BOOKS = 80_000;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  const [user] = await db.sql<{ user_id: string }>("insert into app_user (subject) values ('lister') returning user_id");
  const [list] = await db.sql<{ list_id: string }>("insert into book_list (user_id, list_name, token) values ($1, 'Big', $2) returning list_id", [
    user!.user_id,
    TOKEN,
  ]);
  // Long titles make a large answer; the search column stays short (its trigram index would be slow to fill).
  await db.sql(
    `with b as (insert into book (book_original_title, title_search)
                select rpad('Book ' || n, 450, ' and more'), 'b' || n from generate_series(1, $1::int) n returning book_id)
     insert into book_list_item (list_id, book_id, position) select $2, book_id, row_number() over (order by book_id) from b`,
    [BOOKS, list!.list_id],
  );
}, 120_000);
afterAll(async () => {
  await db?.drop();
});

async function startService(graceMs: number): Promise<{ service: ServiceProcess; base: string }> {
  const port = await freePort();
  const service = spawnService({
    NODE_ENV: 'test',
    DATABASE_URL: db.url,
    JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    PORT: String(port),
    SHUTDOWN_GRACE_MS: String(graceMs),
  });
  await service.waitFor(/listening on/);
  return { service, base: `http://127.0.0.1:${port}` };
}

/** The answer's headers, its body left unread (the client pauses at once). */
function requestPaused(url: string, agent?: Agent): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.pause();
      resolve(res);
    }).on('error', reject);
  });
}

/** Reads the rest of a paused answer: the bytes received and whether it ended normally. */
function readRest(res: IncomingMessage): Promise<{ bytes: Buffer; complete: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.once('end', () => resolve({ bytes: Buffer.concat(chunks), complete: true }));
    res.once('error', () => resolve({ bytes: Buffer.concat(chunks), complete: false }));
    res.resume();
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('stopping with answers in flight', () => {
  it('writes out a large answer to a slow reader after SIGTERM, and closes an idle kept-alive connection at once', async () => {
    const { service, base } = await startService(20_000);
    const agent = new Agent({ keepAlive: true });
    try {
      // An idle kept-alive connection: it must not keep the process up for the grace period.
      const idle = await fetchWith(agent, `${base}/healthz`);
      expect(idle).toBe(200);

      const res = await requestPaused(`${base}/api/lists/${TOKEN}`);
      expect(res.statusCode).toBe(200);
      const length = Number(res.headers['content-length']);
      expect(length).toBeGreaterThan(30_000_000);
      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      // Well past the moment the old stop cut such answers (at once, or after about 1 s).
      await pause(3_000);
      const { bytes, complete } = await readRest(res);
      expect({ received: bytes.length, complete }).toEqual({ received: length, complete: true });
      expect((JSON.parse(bytes.toString('utf8')) as { books: unknown[] }).books).toHaveLength(BOOKS);
      expect(await service.exited()).toBe(0);
      expect(Date.now() - signalledAt, 'not held up by the idle connection').toBeLessThan(15_000);
    } finally {
      agent.destroy();
      service.child.kill('SIGKILL');
    }
  }, 120_000);

  it('cuts a reader that never reads at the grace deadline, and exits', async () => {
    const { service, base } = await startService(1_000);
    try {
      const res = await requestPaused(`${base}/api/lists/${TOKEN}`);
      const signalledAt = Date.now();
      service.child.kill('SIGTERM');
      expect(await service.exited(20_000)).toBe(0);
      expect(Date.now() - signalledAt).toBeLessThan(15_000);
      const { bytes, complete } = await readRest(res);
      expect(complete).toBe(false);
      expect(bytes.length).toBeLessThan(Number(res.headers['content-length']));
    } finally {
      service.child.kill('SIGKILL');
    }
  }, 120_000);
});

function fetchWith(agent: Agent, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}
