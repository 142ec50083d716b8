// The production build: `npm run build` into a temp folder laid out as a production install (package.json, node_modules,
// dist/), then the compiled API entry started with plain `node` on a fresh database. A module hook refuses to load any
// TypeScript file, tsx, esbuild or TypeScript itself, so the service answering proves none is needed at run time.
import jwt from 'jsonwebtoken';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, copyFile, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { createTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { TEST_JWT_SECRET } from '../../support/test-service.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRY = 'dist/src/composition/entries/api-service.js';

/** Refuses, at resolution, every module that only a TypeScript run would need. */
const GUARD_HOOKS = `
const REFUSED = /\\.(ts|mts|cts)$|\\/node_modules\\/(tsx|esbuild|@esbuild|typescript)\\//;
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  if (REFUSED.test(resolved.url)) throw new Error('compiled service loaded ' + resolved.url);
  return resolved;
}
`;

/** Runs `node args` in `cwd` and resolves with its exit code and output. */
function run(args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(folder, path.join(e.parentPath, e.name)));
}

let folder: string;
let db: TestDatabase;
let buildOutput = '';
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-build-'));
  await chmod(folder, 0o755);
  db = await createTestDatabase();
  const built = await run(['--import', 'tsx', 'scripts/build/build.ts', '--out-dir', path.join(folder, 'dist')], ROOT);
  buildOutput = built.output;
  if (built.code !== 0) throw new Error(`npm run build failed:\n${built.output}`);
  // A production install's layout: the package's package.json (ESM, the scripts) and node_modules beside dist/.
  await copyFile(path.join(ROOT, 'package.json'), path.join(folder, 'package.json'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  await writeFile(path.join(folder, 'guard-hooks.mjs'), GUARD_HOOKS);
  await writeFile(
    path.join(folder, 'guard.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(path.join(folder, 'guard-hooks.mjs')).href)});\n`,
  );
}, 180_000);
afterAll(async () => {
  await db?.drop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('npm run build', () => {
  it('emits JavaScript, the data files and the web bundles, and no TypeScript, tests or benchmarks', async () => {
    expect(buildOutput).toMatch(/Built \d+ files/);
    const files = await filesUnder(path.join(folder, 'dist'));
    expect(files.filter((f) => /\.(ts|mts|cts)$/.test(f))).toEqual([]);
    expect(files.filter((f) => /^(test|bench|scripts)\//.test(f))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining([
        'src/composition/entries/api-service.js',
        'src/composition/entries/job.js',
        'src/composition/entries/logging-component.js',
        'src/composition/entries/purge-logs.js',
        'src/adapters/stores/extraction-worker.js',
        'src/adapters/logging/log-writer-thread.js',
        'migrations/index.js',
        'config/stores/demo-paperback-palace.json',
        'src/adapters/web/pages/_layout.html',
        'src/adapters/web/pages/wishes.html',
        'src/adapters/web/styles/00-base.css',
        'src/adapters/web/bundles/wishes.js',
      ]),
    );
  });

  it('starts with plain node: probes, the API, the OpenAPI document, the web UI and its prebuilt bundle', async () => {
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', './guard.mjs', ENTRY], {
      cwd: folder,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        NODE_ENV: 'test',
        DATABASE_URL: db.url,
        JWT_SECRET: TEST_JWT_SECRET,
        HOST: '127.0.0.1',
        PORT: String(port),
        ACCESS_LOG: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const status = await fetch(`${base}/readyz`).then((r) => r.status, () => 0);
        if (status === 200) break;
        if (child.exitCode !== null || Date.now() > deadline) throw new Error(`The compiled service did not get ready:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(output).toMatch(/listening on/);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);

      const openapi = await fetch(`${base}/api/openapi.json`);
      expect(openapi.status).toBe(200);
      expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0');

      const headers = { authorization: `Bearer ${jwt.sign({ sub: 'alice' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 600 })}` };
      const created = await fetch(`${base}/api/books`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ book_original_title: 'Compiled' }),
      });
      expect(created.status).toBe(201);
      const book = (await created.json()) as { book_id: number };
      const read = await fetch(`${base}/api/books/${book.book_id}`, { headers });
      expect(await read.json()).toMatchObject({ book_id: book.book_id, book_original_title: 'Compiled' });
      // The store recipes are read from dist/config/stores.
      const stores = (await (await fetch(`${base}/api/stores?per_page=100`, { headers })).json()) as { data: Array<{ store_name: string }> };
      expect(stores.data.map((s) => s.store_name)).toContain('Paperback Palace (demo)');

      const page = await fetch(`${base}/wishes.html`);
      expect(page.status).toBe(200);
      // The page links its prebuilt bundle by content hash (web-routes.ts).
      const script = /<script type="module" src="(\/assets\/wishes\.[A-Za-z0-9_-]{12}\.js)"><\/script>/.exec(await page.text())?.[1];
      expect(script).toBeDefined();
      const bundle = await fetch(`${base}${script}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect((await bundle.text()).length).toBeGreaterThan(1000);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    expect(output).not.toMatch(/compiled service loaded/);
  }, 90_000);

  it('names the production commands in what its operator commands print, and mints a token with token:prod', async () => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', JWT_SECRET: TEST_JWT_SECRET };
    const entry = (name: string, args: string[] = []) =>
      new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--import', './guard.mjs', `dist/src/composition/entries/${name}.js`, ...args], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
        child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
        child.once('exit', (code) => resolve({ code, stdout, stderr }));
      });
    const restore = await entry('restore');
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/Usage: npm run restore:prod -- FILE {3}\(a file made by npm run backup:prod\)/);
    const usage = await entry('token');
    expect(usage.stderr).toMatch(/Usage: npm run token:prod -- <user>/);
    const minted = await entry('token', ['alice']);
    expect(minted.code).toBe(0);
    expect(jwt.verify(minted.stdout.trim(), TEST_JWT_SECRET, { algorithms: ['HS256'] })).toMatchObject({ sub: 'alice' });
    expect(minted.stderr).not.toMatch(/compiled service loaded/);
  }, 60_000);
});
