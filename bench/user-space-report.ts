import { writeReportSection } from './report-section.js';
// The user-space benchmark's own section of docs/benchmarks.md, between its markers; everything else in the file
// (the catalog benchmark's section in particular) is kept byte for byte.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';

export const USER_SPACE_BEGIN = '<!-- user-space-benchmark:begin -->';
export const USER_SPACE_END = '<!-- user-space-benchmark:end -->';

/** Rewrites this benchmark's own section of the benchmarks document (report-section.ts). */
export function writeUserSpaceSection(file: string, section: string): Promise<void> {
  return writeReportSection(file, 'user-space', section);
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
