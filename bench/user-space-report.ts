// The user-space benchmark's own section of docs/benchmarks.md, between its markers; everything else in the file
// (the catalog benchmark's section in particular) is kept byte for byte.
import { existsSync, readFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';

export const USER_SPACE_BEGIN = '<!-- user-space-benchmark:begin -->';
export const USER_SPACE_END = '<!-- user-space-benchmark:end -->';

/** Replaces the section between the markers, or appends it at the end of the file (created when missing). */
export async function writeUserSpaceSection(file: string, section: string): Promise<void> {
  const block = `${USER_SPACE_BEGIN}\n${section.trim()}\n${USER_SPACE_END}`;
  // Read as late as possible: another benchmark may rewrite its own section of the same file meanwhile.
  const text = existsSync(file) ? await readFile(file, 'utf8') : '# Benchmarks\n';
  const begin = text.indexOf(USER_SPACE_BEGIN);
  const end = text.indexOf(USER_SPACE_END);
  const next =
    begin >= 0 && end > begin
      ? text.slice(0, begin) + block + text.slice(end + USER_SPACE_END.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  // Written whole and renamed into place, so a concurrent reader never sees half a file.
  const temporary = `${file}.user-space-${process.pid}.tmp`;
  await writeFile(temporary, next);
  await rename(temporary, file);
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
}

export function machineInfo(): MachineInfo {
  let distribution = '';
  try {
    distribution = /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1] ?? '';
  } catch {
    // Not Linux, or no os-release.
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`,
    os: `${distribution ? `${distribution}, ` : ''}${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

export interface PostgresInfo {
  version: string;
  sharedBuffers: string;
  workMem: string;
}

export async function postgresInfo(url: string): Promise<PostgresInfo> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string; sb: string; wm: string }>(
      `select current_setting('server_version') as v, current_setting('shared_buffers') as sb, current_setting('work_mem') as wm`,
    );
    return { version: rows[0]?.v ?? '?', sharedBuffers: rows[0]?.sb ?? '?', workMem: rows[0]?.wm ?? '?' };
  } finally {
    await client.end();
  }
}
