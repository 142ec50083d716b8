// The checks of the container smoke test, run by scripts/ci/container-smoke.sh once the compose topology
// (compose.yaml: postgres, api-1, api-2, logging, a mail catcher) is starting. One line per check, `ok` or `FAIL`,
// with the seconds since the start; exit 1 at the first failure. Everything comes from the environment the script
// sets (SMOKE_*): the published URLs, the secrets, the containers' ids and when the daily fetch fires.
//
// 1. both instances answer /healthz and /readyz; the logging component and the mail catcher answer
// 2. authenticated API calls (an HS256 token signed here with JWT_SECRET): books, editions and monitored wishes
//    written through api-1 are read through api-2
// 3. auth_failed events of both instances (a different reason on each) reach the logging component's viewer
// 4. the daily fetch, fired by both instances' cron every 2 s for 10 s, is claimed once: one scheduled_run row,
//    attempts from both instances turned away, one fetch_run, its tasks all settled, the prices readable
// 5. the fetch failures (a demonstration store told to answer "not found" on both instances) reach the component,
//    which sends a maintainer alert e-mail through the mail catcher
// 6. a restart of PostgreSQL is survived: both instances ready and answering again, the component logging again
// 7. Docker's health checks (the image's HEALTHCHECK) say healthy; SIGTERM stops an instance with exit code 0
// 8. one container alone: the embedded PostgreSQL as uid 10001 in the /data volume, a stop with exit code 0, the
//    cluster reused on the next start
import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';

const run = promisify(execFile);
const started = Date.now();
const seconds = (): string => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

class CheckFailed extends Error {}

function env(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') throw new CheckFailed(`${name} is not set (scripts/ci/container-smoke.sh sets it)`);
  return value;
}

const [api1Url, api2Url] = env('SMOKE_API_URLS').split(',') as [string, string];
const loggingUrl = env('SMOKE_LOGGING_URL');
const mailUrl = env('SMOKE_MAIL_URL');
const jwtSecret = env('SMOKE_JWT_SECRET');
const viewerToken = env('SMOKE_LOG_VIEWER_TOKEN');
const alertEmailTo = env('SMOKE_ALERT_EMAIL_TO');
const [api1Container, api2Container] = env('SMOKE_API_CONTAINERS').split(',') as [string, string];
const loggingContainer = env('SMOKE_LOGGING_CONTAINER');
const postgresContainer = env('SMOKE_POSTGRES_CONTAINER');
const postgresUser = env('SMOKE_POSTGRES_USER');
const postgresDb = env('SMOKE_POSTGRES_DB');
/** When the daily fetch's cron starts firing (both instances, every 2 s for 10 s) and the minute it is claimed for. */
const fetchAt = new Date(env('SMOKE_FETCH_AT'));
const fetchSlot = new Date(Math.floor(fetchAt.getTime() / 60_000) * 60_000);
const image = env('SMOKE_IMAGE');
const embeddedPort = env('SMOKE_EMBEDDED_PORT');
const embeddedName = env('SMOKE_EMBEDDED_CONTAINER');
const embeddedVolume = env('SMOKE_EMBEDDED_VOLUME');
const docker = env('SMOKE_DOCKER').split(' ');

const instances = [
  { name: 'api-1', url: api1Url, container: api1Container },
  { name: 'api-2', url: api2Url, container: api2Container },
] as const;

function ok(line: string): void {
  console.log(`[smoke] ok    ${line} (${seconds()})`);
}

function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

/** Retries `probe` until it returns without throwing, or fails with its last error after `timeoutMs`. */
async function eventually<T>(what: string, timeoutMs: number, probe: () => Promise<T>, intervalMs = 500): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await probe();
    } catch (error) {
      if (Date.now() >= deadline) {
        throw new CheckFailed(`${what}: not within ${timeoutMs / 1000} s (last: ${error instanceof Error ? error.message : String(error)})`);
      }
      await pause(intervalMs);
    }
  }
}

async function dockerCli(...args: string[]): Promise<string> {
  const [command, ...before] = docker as [string, ...string[]];
  const { stdout } = await run(command, [...before, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** Rows of a query in the postgres container (psql over its Unix socket), columns split on tabs. */
async function sql(query: string): Promise<string[][]> {
  const out = await dockerCli('exec', postgresContainer, 'psql', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-A', '-t', '-F', '\t', '-U', postgresUser, '-d', postgresDb, '-c', query);
  return out === '' ? [] : out.split('\n').map((line) => line.split('\t'));
}

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** An HS256 JWT as an operator or identity provider would sign it (the service checks `sub`, `exp`, `iat`). */
function signToken(subject: string, secret = jwtSecret): string {
  const now = Math.floor(Date.now() / 1000);
  const head = `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify({ sub: subject, iat: now, exp: now + 3600 }))}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
}

interface Answer {
  status: number;
  body: any;
  text: string;
}

/**
 * One HTTP request with node:http. Not fetch: undici's fetch never settles when a connection is accepted and closed
 * at once, which is what docker-proxy does on a published port before the container listens, and the checks
 * then ended with the event loop (exit 0, nothing printed).
 */
function call(method: string, url: string, options: { token?: string; authorization?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method, headers, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: any = null;
        try {
          body = text === '' ? null : JSON.parse(text);
        } catch {
          body = null;
        }
        resolve({ status: response.statusCode ?? 0, body, text });
      });
    });
    request.on('timeout', () => request.destroy(new Error(`${method} ${url}: no answer within 10 s`)));
    request.on('error', reject);
    request.end(payload);
  });
}

async function expectStatus(answer: Promise<Answer>, status: number, what: string): Promise<Answer> {
  const got = await answer;
  expect(got.status === status, `${what}: expected ${status}, got ${got.status} ${got.text.slice(0, 300)}`);
  return got;
}

/** A valid ISBN-13 (979 prefix) that no earlier run used. */
function freshIsbn(): string {
  const first12 = `979${String(randomBytes(4).readUInt32BE() % 1_000_000_000).padStart(9, '0')}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return first12 + String((10 - (sum % 10)) % 10);
}

/** Every item of a paginated collection, following its `next` links. */
async function everyItem(url: string, token: string): Promise<any[]> {
  const items: any[] = [];
  let next: string | undefined = url;
  while (next !== undefined) {
    const page: Answer = await expectStatus(call('GET', next, { token }), 200, `GET ${next}`);
    items.push(...(page.body.data as any[]));
    const href: string | undefined = page.body._links?.next?.href;
    next = href === undefined ? undefined : new URL(href, url).toString();
  }
  return items;
}

/** The logging component's viewer: the newest 100 events matching `filters` (source, since, …). */
async function viewerEvents(
  filters: Record<string, string>,
): Promise<Array<{ log_event: string; log_time: string; log_detail: Record<string, any>; log_instance: string | null }>> {
  const query = new URLSearchParams({ ...filters, per_page: '100' });
  const answer = await expectStatus(call('GET', `${loggingUrl}/logs?${query}`, { token: viewerToken }), 200, `GET /logs?${query}`);
  return answer.body.data;
}

// ------------------------------------------------------------------------------------------------------ checks

async function probes(): Promise<void> {
  for (const instance of instances) {
    const ready = await eventually(`${instance.name} GET /readyz 200`, 180_000, async () =>
      expectStatus(call('GET', `${instance.url}/readyz`), 200, `${instance.name} /readyz`),
    );
    const health = await expectStatus(call('GET', `${instance.url}/healthz`), 200, `${instance.name} /healthz`);
    expect(health.body?.status === 'ok', `${instance.name} /healthz: ${health.text}`);
    ok(`${instance.name} at ${instance.url}: /healthz ${health.text}, /readyz ${JSON.stringify(ready.body.checks)}`);
  }
  const component = await eventually('the logging component answers on its port', 60_000, async () => {
    const answer = await call('GET', `${loggingUrl}/logs`, { token: viewerToken });
    expect(answer.status === 200, `GET /logs: ${answer.status} ${answer.text.slice(0, 200)}`);
    return answer;
  });
  ok(`logging component at ${loggingUrl}: viewer GET /logs 200 with LOG_VIEWER_TOKEN (${component.body.data.length} events so far)`);
  // Every process starts the first time: a restart by `restart: unless-stopped` hides a failed start (two instances
  // booting at once on a new database used to deadlock creating the job queues).
  for (const { name, id } of [...instances.map((i) => ({ name: i.name, id: i.container })), { name: 'logging', id: loggingContainer }]) {
    const restarts = Number(await dockerCli('inspect', '--format', '{{.RestartCount}}', id));
    if (restarts === 0) continue;
    const { stdout, stderr } = await run(docker[0]!, [...docker.slice(1), 'logs', id], { maxBuffer: 16 * 1024 * 1024 });
    const reasons = [...new Set((stdout + stderr).split('\n').filter((line) => /could not start/.test(line)))];
    throw new CheckFailed(`${name} was restarted ${restarts} time(s) by its restart policy before it was ready: ${reasons.join(' | ') || 'no "could not start" line'}`);
  }
  await expectStatus(call('GET', `${loggingUrl}/logs`, { token: 'not-the-viewer-token-0123456789' }), 401, 'GET /logs with a wrong token');
  const mail = await eventually('the mail catcher answers', 30_000, () => expectStatus(call('GET', `${mailUrl}/api/v1/messages`), 200, 'mail API'));
  ok(`mail catcher at ${mailUrl}: ${mail.body.total} message(s)`);
}

interface Arranged {
  token: string;
  editions: Array<{ id: number; isbn: string }>;
}

/** Books with a paperback edition each, wished (monitored) by one user through api-1, read back through api-2. */
async function arrangeThroughApi(): Promise<Arranged> {
  const token = signToken('smoke-reader');
  const languages = await everyItem(`${api1Url}/api/languages?per_page=100`, token);
  const english = languages.find((l) => l.language_code === 'en');
  expect(english, `no language "en" in GET /api/languages (${languages.length} languages)`);
  const editions: Arranged['editions'] = [];
  for (const title of ['Smoke test: the first book', 'Smoke test: the second book']) {
    const book = await expectStatus(call('POST', `${api1Url}/api/books`, { token, body: { book_original_title: title } }), 201, 'POST /api/books');
    const isbn = freshIsbn();
    const edition = await expectStatus(
      call('POST', `${api1Url}/api/books/${book.body.book_id}/editions`, { token, body: { isbn, format: 'paperback', language_id: english.language_id } }),
      201,
      'POST /api/books/:id/editions',
    );
    await expectStatus(call('POST', `${api1Url}/api/wishes`, { token, body: { book_id: book.body.book_id, is_monitored: true } }), 201, 'POST /api/wishes');
    editions.push({ id: edition.body.edition_id, isbn });
  }
  ok(`api-1: 2 books, 2 paperback editions and 2 monitored wishes created with an HS256 token (POST /api/books, /editions, /wishes)`);
  const wishes = await expectStatus(call('GET', `${api2Url}/api/wishes`, { token }), 200, 'GET /api/wishes on api-2');
  expect(wishes.body.data.length === 2, `api-2 sees ${wishes.body.data.length} wishes of smoke-reader, expected 2: ${wishes.text.slice(0, 300)}`);
  await expectStatus(call('GET', `${api2Url}/api/wishes`, { token: signToken('someone-else') }), 200, 'GET /api/wishes as another user');
  ok('api-2: the same user reads both wishes (GET /api/wishes), the database is shared');
  return { token, editions };
}

/** One auth_failed per instance with a reason of its own, then the component's viewer shows both. */
async function authEventsReachComponent(label: string): Promise<void> {
  // The events of these two calls only (log_time is stamped by the instance, on this machine's clock).
  const since = new Date(Date.now() - 100).toISOString();
  await expectStatus(call('GET', `${api1Url}/api/wishes`, { authorization: 'Bearer not-a-jwt' }), 401, 'api-1 with a malformed token');
  await expectStatus(call('GET', `${api2Url}/api/wishes`, { token: signToken('mallory', randomBytes(32).toString('hex')) }), 401, 'api-2 with a wrong signature');
  const seen = await eventually(`${label}: auth_failed events of both instances in the component's viewer`, 30_000, async () => {
    const events = (await viewerEvents({ source: 'auth', since })).filter((e) => e.log_event === 'auth_failed');
    // Each event says which instance wrote it (INSTANCE_ID in compose.yaml).
    const seenFrom = new Set(events.map((e) => `${e.log_instance}:${e.log_detail.reason}`));
    expect(seenFrom.has('api-1:malformed_token') && seenFrom.has('api-2:invalid_signature'), `events so far: ${[...seenFrom].join(', ') || 'none'}`);
    return events.length;
  });
  const byInstance = (await viewerEvents({ source: 'auth', since, instance: 'api-2' })).filter((e) => e.log_event === 'auth_failed');
  expect(byInstance.length > 0 && byInstance.every((e) => e.log_instance === 'api-2'), 'GET /logs?instance=api-2 lists api-2 events only');
  ok(`${label}: auth_failed from api-1 (malformed_token) and api-2 (invalid_signature), each with its log_instance, read back from the logging component's GET /logs (${seen} events; instance=api-2 filters)`);
}

/** Both instances' demonstration store servers answer "not found" for the first edition at Paperback Palace. */
async function failOneStorePage(isbn: string): Promise<void> {
  const script =
    "process.exitCode = 1; fetch('http://127.0.0.1:3100/__control', { method: 'POST', headers: { 'content-type': 'application/json' }, body: process.argv[1] })" +
    '.then(async (r) => { console.log(r.status, await r.text()); process.exitCode = r.ok ? 0 : 1; }, (e) => console.error(e.message))';
  const body = JSON.stringify({ store: 'paperback-palace', isbn, behaviour: { kind: 'not_found' } });
  for (const instance of instances) await dockerCli('exec', instance.container, 'node', '-e', script, body);
  ok(`both instances' demonstration stores answer "not found" for ${isbn} at paperback-palace (so the run has failures)`);
}

/** Records every claim of scheduled_run, including those its primary key turns away (BEFORE triggers see them). */
async function recordClaimAttempts(): Promise<void> {
  await sql(`create table smoke_claim_attempt (job text, scheduled_for timestamptz, claimed_by text, attempted_at timestamptz default clock_timestamp());
    create function smoke_record_claim_attempt() returns trigger language plpgsql as $$
      begin
        insert into smoke_claim_attempt (job, scheduled_for, claimed_by) values (new.job, new.scheduled_for, new.claimed_by);
        return new;
      end $$;
    create trigger smoke_claim_attempt before insert on scheduled_run for each row execute function smoke_record_claim_attempt();`);
  const late = Date.now() - fetchAt.getTime();
  expect(late < 0, `the daily fetch began firing ${(late / 1000).toFixed(1)} s before the data was in place: raise SMOKE_FETCH_LEAD`);
  ok(`claim attempts recorded (a trigger on scheduled_run); the daily fetch fires in ${((fetchAt.getTime() - Date.now()) / 1000).toFixed(0)} s at ${fetchAt.toISOString()}`);
}

async function dailyFetchClaimedOnce(arranged: Arranged): Promise<number> {
  const wait = fetchAt.getTime() + 12_000 - Date.now();
  if (wait > 0) await pause(wait);
  const attempts = await sql(
    `select claimed_by, count(*) from smoke_claim_attempt where job = 'daily_fetch' and scheduled_for = '${fetchSlot.toISOString()}' group by claimed_by order by claimed_by`,
  );
  expect(attempts.length === 2, `claim attempts for ${fetchSlot.toISOString()} by ${attempts.length} instance(s), expected 2: ${JSON.stringify(attempts)}`);
  expect(attempts.every(([, n]) => Number(n) >= 2), `each instance should have fired at least twice: ${JSON.stringify(attempts)}`);
  const claims = await sql("select to_json(scheduled_for) #>> '{}', claimed_by from scheduled_run where job = 'daily_fetch'");
  expect(claims.length === 1, `scheduled_run rows for daily_fetch: ${JSON.stringify(claims)}, expected exactly 1`);
  expect(new Date(claims[0]![0]!).getTime() === fetchSlot.getTime(), `the claim is for ${claims[0]![0]}, expected ${fetchSlot.toISOString()}`);
  const total = attempts.reduce((n, [, count]) => n + Number(count), 0);
  ok(
    `daily fetch for ${fetchSlot.toISOString()}: ${total} claim attempts from 2 instances (${attempts.map(([id, n]) => `${id!.slice(0, 8)}: ${n}`).join(', ')}), ` +
      `one claim (by ${claims[0]![1]!.slice(0, 8)})`,
  );
  const runs = await sql("select fetch_run_id, to_json(started_at) #>> '{}', task_count from fetch_run where trigger = 'scheduled'");
  expect(runs.length === 1, `scheduled fetch runs: ${JSON.stringify(runs)}, expected exactly 1`);
  const [runId, startedAt, taskCount] = runs[0]! as [string, string, string];
  expect(new Date(startedAt).getTime() >= fetchSlot.getTime(), `the run started at ${startedAt}, before its occurrence`);
  expect(Number(taskCount) >= 2, `the run has ${taskCount} tasks; the two editions at the demonstration stores should give more`);
  const row = await eventually(`fetch run ${runId} completed`, 90_000, async () => {
    const [r] = await sql(`select task_count, succeeded, failed, to_json(completed_at) #>> '{}' from fetch_run where fetch_run_id = ${runId}`);
    expect(r && r[3] !== '', `run ${runId}: ${r?.[1]} succeeded, ${r?.[2]} failed of ${r?.[0]}`);
    return r!;
  });
  const statuses = Object.fromEntries((await sql(`select status, count(*) from fetch_task where fetch_run_id = ${runId} group by status`)).map(([s, n]) => [s!, Number(n)]));
  expect((statuses.pending ?? 0) === 0 && (statuses.running ?? 0) === 0, `tasks of run ${runId} not settled: ${JSON.stringify(statuses)}`);
  expect((statuses.succeeded ?? 0) === Number(row[1]) && (statuses.failed ?? 0) === Number(row[2]), `task statuses ${JSON.stringify(statuses)} against the run's counters ${row.join(' ')}`);
  expect(Number(row[1]) + Number(row[2]) === Number(taskCount), `run ${runId}: ${row[1]} + ${row[2]} settled of ${taskCount}`);
  expect(Number(row[2]) >= 1 && Number(row[1]) >= 1, `run ${runId}: expected successes and the "not found" failure, got ${row[1]} succeeded, ${row[2]} failed`);
  ok(`one scheduled fetch_run (${runId}) for the occurrence: ${taskCount} tasks, all settled (${row[1]} succeeded, ${row[2]} failed), completed ${row[3]}`);
  const prices = await expectStatus(call('GET', `${api2Url}/api/editions/${arranged.editions[1]!.id}/prices`, { token: arranged.token }), 200, 'GET prices on api-2');
  expect(prices.body.data.length >= 1, `no price quotes for edition ${arranged.editions[1]!.id} after the run: ${prices.text.slice(0, 300)}`);
  ok(`api-2: GET /api/editions/${arranged.editions[1]!.id}/prices lists ${prices.body.data.length} quote(s) from the run`);
  return Number(runId);
}

async function fetchEventsAndMaintainerAlert(runId: number): Promise<void> {
  const events = await eventually(`fetch events of run ${runId} in the component's viewer`, 30_000, async () => {
    const mine = (await viewerEvents({ source: 'scheduled_fetch' })).filter((e) => Number(e.log_detail.run_id) === runId);
    const names = new Set(mine.map((e) => e.log_event));
    expect(['fetch_started', 'fetch_failed', 'fetch_completed'].every((n) => names.has(n)), `events so far: ${[...names].join(', ') || 'none'}`);
    return mine;
  });
  ok(`fetch_started, fetch_failed and fetch_completed of run ${runId} read back from the logging component (${events.length} events)`);
  const alert = await eventually('a maintainer alert e-mail about fetch_failed in the mail catcher', 60_000, async () => {
    const answer = await expectStatus(call('GET', `${mailUrl}/api/v1/messages`), 200, 'mail API');
    const found = (answer.body.messages as Array<{ Subject: string; To: Array<{ Address: string }> }>).find(
      (m) => m.Subject.includes('fetch_failed') && m.To.some((t) => t.Address === alertEmailTo),
    );
    expect(found, `${answer.body.total} message(s), none to ${alertEmailTo} about fetch_failed`);
    return found;
  }, 1000);
  ok(`maintainer alert sent by the logging component through SMTP: "${alert.Subject}" to ${alertEmailTo}`);
}

async function postgresRestartSurvived(token: string): Promise<void> {
  const restartStarted = Date.now();
  await dockerCli('restart', '--time', '30', postgresContainer);
  ok(`docker restart of PostgreSQL took ${((Date.now() - restartStarted) / 1000).toFixed(1)} s`);
  for (const instance of instances) {
    await eventually(`${instance.name} ready and answering after the restart`, 120_000, async () => {
      await expectStatus(call('GET', `${instance.url}/readyz`), 200, `${instance.name} /readyz`);
      await expectStatus(call('GET', `${instance.url}/api/wishes`, { token }), 200, `${instance.name} GET /api/wishes`);
    });
    ok(`${instance.name}: /readyz 200 and GET /api/wishes 200 again, ${((Date.now() - restartStarted) / 1000).toFixed(1)} s after the restart began`);
  }
  await authEventsReachComponent('after the restart');
}

async function healthChecksAndStop(): Promise<void> {
  const containers = [...instances.map((i) => ({ name: i.name, id: i.container })), { name: 'logging', id: loggingContainer }, { name: 'postgres', id: postgresContainer }];
  for (const { name, id } of containers) {
    await eventually(`${name}: Docker health status healthy`, 60_000, async () => {
      const status = await dockerCli('inspect', '--format', '{{if .State.Health}}{{.State.Health.Status}}{{else}}none{{end}}', id);
      expect(status === 'healthy', `health status ${status}`);
    }, 1000);
  }
  ok(`Docker health checks: ${containers.map((c) => c.name).join(', ')} healthy (the image's HEALTHCHECK for the instances)`);
  const stopStarted = Date.now();
  await dockerCli('stop', '--time', '40', api2Container);
  const exitCode = await dockerCli('inspect', '--format', '{{.State.ExitCode}}', api2Container);
  const { stdout, stderr } = await run(docker[0]!, [...docker.slice(1), 'logs', '--tail', '50', api2Container], { maxBuffer: 16 * 1024 * 1024 });
  expect(exitCode === '0', `api-2 exited with ${exitCode} after SIGTERM`);
  expect(/SIGTERM received/.test(stdout + stderr), 'api-2 did not say "SIGTERM received" (node as PID 1 must handle the signal)');
  ok(`docker stop api-2: SIGTERM handled by node as PID 1, exit code 0 in ${((Date.now() - stopStarted) / 1000).toFixed(1)} s`);
  await expectStatus(call('GET', `${api1Url}/readyz`), 200, 'api-1 /readyz with api-2 stopped');
  ok('api-1 still ready with api-2 stopped');
}

/** One container alone: embedded PostgreSQL as the image's user in the /data volume, stopped and started again. */
async function embeddedContainer(): Promise<void> {
  const url = `http://127.0.0.1:${embeddedPort}`;
  const begun = Date.now();
  await dockerCli('run', '-d', '--name', embeddedName, '-p', `127.0.0.1:${embeddedPort}:3000`, '-v', `${embeddedVolume}:/data`, image);
  await eventually('the embedded container ready', 120_000, () => expectStatus(call('GET', `${url}/readyz`), 200, 'embedded /readyz'));
  const uid = await dockerCli('exec', embeddedName, 'id', '-u');
  const owner = await dockerCli('exec', embeddedName, 'stat', '-c', '%u %a', '/data', '/data/pg');
  const processes = await dockerCli('exec', embeddedName, 'sh', '-c', "for p in /proc/[0-9]*; do echo \"$(stat -c %u $p) $(tr '\\0' ' ' < $p/cmdline | cut -c1-40)\"; done");
  expect(uid === '10001', `the service runs as uid ${uid}, expected 10001`);
  expect(owner.split('\n').every((line) => line.startsWith('10001 ')), `/data and /data/pg: ${owner.replace(/\n/g, '; ')}`);
  const postgresLines = processes.split('\n').filter((line) => /postgres/.test(line));
  expect(postgresLines.length > 0 && postgresLines.every((line) => line.startsWith('10001 ')), `PostgreSQL processes: ${postgresLines.join('; ')}`);
  ok(`one container, embedded database: ready in ${((Date.now() - begun) / 1000).toFixed(1)} s, node and PostgreSQL as uid 10001, cluster in the /data volume (${owner.replace(/\n/g, ', ')})`);
  const stopStarted = Date.now();
  await dockerCli('stop', '--time', '40', embeddedName);
  const exitCode = await dockerCli('inspect', '--format', '{{.State.ExitCode}}', embeddedName);
  expect(exitCode === '0', `the embedded container exited with ${exitCode} after SIGTERM`);
  ok(`docker stop: exit code 0 in ${((Date.now() - stopStarted) / 1000).toFixed(1)} s (service and embedded PostgreSQL stopped)`);
  await dockerCli('start', embeddedName);
  await eventually('the embedded container ready again', 120_000, () => expectStatus(call('GET', `${url}/readyz`), 200, 'embedded /readyz'));
  const { stdout } = await run(docker[0]!, [...docker.slice(1), 'logs', embeddedName], { maxBuffer: 16 * 1024 * 1024 });
  const created = stdout.split('\n').filter((line) => line.includes('Creating the embedded PostgreSQL cluster')).length;
  expect(created === 1, `the cluster was created ${created} times; the second start should reuse it`);
  ok('docker start: ready again on the same cluster (created once)');
  await dockerCli('rm', '-f', embeddedName);
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only === 'embedded') return embeddedContainer();
  await probes();
  const arranged = await arrangeThroughApi();
  await failOneStorePage(arranged.editions[0]!.isbn);
  await recordClaimAttempts();
  await authEventsReachComponent('before the fetch');
  // The wait for the daily fetch's occurrence is spent on the single-container check when there is time for it.
  const spare = fetchAt.getTime() - Date.now();
  const embeddedFirst = spare > 15_000;
  if (embeddedFirst) await embeddedContainer();
  const runId = await dailyFetchClaimedOnce(arranged);
  await fetchEventsAndMaintainerAlert(runId);
  await postgresRestartSurvived(arranged.token);
  await healthChecksAndStop();
  if (!embeddedFirst) await embeddedContainer();
}

// Whatever happens, an end without a verdict is a failure, never a silent exit 0.
let verdict = false;
process.on('exit', (code) => {
  if (!verdict && code === 0) {
    console.error(`[smoke] FAIL  the checks ended without a verdict (${seconds()})`);
    process.exitCode = 1;
  }
});

main().then(
  () => {
    verdict = true;
    console.log(`[smoke] all checks passed in ${seconds()}`);
  },
  (error: unknown) => {
    verdict = true;
    console.error(`[smoke] FAIL  ${error instanceof CheckFailed ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)} (${seconds()})`);
    process.exit(1);
  },
);
