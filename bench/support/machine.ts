// The machine a benchmark ran on, for its console header and its report.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { BenchDatabase, PostgresInfo } from '../database.js';

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

/** When and where a run was made, and what it measured, as its report states them. */
export interface RunContext {
  startedAt: Date;
  finishedAt: Date;
  machine: MachineInfo;
  /** The code measured: commit, and whether the service's sources differed from it. */
  code: string;
  postgres: PostgresInfo;
  dbKind: BenchDatabase['kind'];
}

/** The console line under a benchmark's title. */
export function machineLine(machine: MachineInfo): string {
  return `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory}, ${machine.os}, Node ${machine.node}`;
}

/**
 * The report's "**Machine:**" sentences: CPU, memory, OS, Node, and the PostgreSQL server with its settings, over three
 * lines ending in "work_mem …)." (the report goes on on the same line).
 */
export function machineParagraph(machine: MachineInfo, postgres: PostgresInfo, dbKind: BenchDatabase['kind']): string {
  return `**Machine:** ${machine.cpu}, ${machine.cores} cores, ${machine.memory}; ${machine.os}; Node ${machine.node};
PostgreSQL ${postgres.version} (${dbKind === 'embedded' ? 'the embedded server of src/adapters/postgres/embedded-postgres.ts' : 'the server in DATABASE_URL'},
default settings: shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem}).`;
}
