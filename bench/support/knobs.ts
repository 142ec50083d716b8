// The benchmarks' knobs: the repository root, positive-integer environment variables, the report file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: children run there, and paths in the reports are relative to it. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A positive integer from the environment, `fallback` when unset or blank. */
export function intEnv(name: string, fallback: number): number {
  const value = process.env[name]?.trim();
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive integer (got "${value}")`);
  return n;
}

/** The Markdown file a benchmark writes its section to: BENCH_REPORT, default docs/benchmarks.md. */
export function reportFile(): string {
  return path.resolve(ROOT, process.env.BENCH_REPORT?.trim() || 'docs/benchmarks.md');
}
