// The benchmark's side of bench/service-memory-probe.ts: starting the service with the probe, and reading its memory
// after a forced full garbage collection.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the probe answers, read in the service right after `gc(); gc();`. */
export interface ServiceMemoryReading {
  /** V8's heap in use (bytes): what stays reachable once the garbage is gone. */
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** process.memoryUsage().rss (bytes). */
  rss: number;
  /** VmRSS from /proc/self/status (kB), as the rest of the benchmark reads RSS. */
  vmRssKb: number;
  /** How long the two collections took (ms). */
  gcMs: number;
}

/** Node arguments that start `entry` with --expose-gc and the probe preloaded (after tsx, which loads it). */
export function probedServiceArgs(root: string, entry: string): string[] {
  const probe = pathToFileURL(path.join(root, 'bench', 'service-memory-probe.ts')).href;
  return ['--expose-gc', '--import', 'tsx', '--import', probe, entry];
}

/** Asks the probe on `port` for a forced full collection and the memory after it. */
export async function readServiceMemoryAfterGc(port: number): Promise<ServiceMemoryReading> {
  const response = await fetch(`http://127.0.0.1:${port}/gc`, { signal: AbortSignal.timeout(30_000) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`The service's memory probe answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as ServiceMemoryReading;
}

export const MiB = 1024 * 1024;

/** Bytes as "12.3 MiB". */
export function mibOfBytes(bytes: number): string {
  return Number.isFinite(bytes) ? `${(bytes / MiB).toFixed(1)} MiB` : 'n/a';
}

/** glibc's version when this Node links it (the service runs the same binary), for the report's note on RSS. */
export function glibcVersion(): string | null {
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return header?.glibcVersionRuntime ?? null;
}
