import { describe, expect, it } from 'vitest';
import { ShutdownStack } from '../../../src/composition/shutdown-stack.js';

describe('ShutdownStack', () => {
  it('quiesces every step first, then stops them in reverse order, each told the same grace deadline', async () => {
    const stack = new ShutdownStack();
    const seen: string[] = [];
    const deadlines: number[] = [];
    for (const name of ['database', 'workers', 'http']) {
      stack.push(
        name,
        async ({ deadline }) => {
          seen.push(`stop ${name}`);
          deadlines.push(deadline);
        },
        () => seen.push(`quiesce ${name}`),
      );
    }
    const before = Date.now();
    await stack.unwind(undefined, { graceMs: 5_000 });
    expect(seen).toEqual(['quiesce http', 'quiesce workers', 'quiesce database', 'stop http', 'stop workers', 'stop database']);
    expect(new Set(deadlines).size).toBe(1);
    expect(deadlines[0]! - before).toBeGreaterThanOrEqual(5_000);
  });

  it('stops a reserved step where it was reserved, whenever it was filled; an unfilled place stops nothing', async () => {
    const stack = new ShutdownStack();
    const seen: string[] = [];
    stack.push('database pool', async () => void seen.push('database pool'));
    const logBuffer = stack.reserve('log buffer');
    stack.reserve('never filled');
    stack.push('job queue', async () => void seen.push('job queue'));
    logBuffer(async () => void seen.push('log buffer'));
    await stack.unwind();
    expect(seen).toEqual(['job queue', 'log buffer', 'database pool']);
  });

  it('bounds the whole stop: a step that hangs is reported and the later steps still run', async () => {
    const stack = new ShutdownStack();
    const stopped: string[] = [];
    const errors: string[] = [];
    stack.push('database', async () => void stopped.push('database'));
    stack.push('hangs', () => new Promise(() => undefined));
    const started = Date.now();
    await stack.unwind((name, error) => errors.push(`${name}: ${String(error)}`), { graceMs: 100, afterGraceMs: 400 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stopped).toEqual(['database']);
    expect(errors).toEqual([expect.stringMatching(/^hangs: Error: hangs did not stop within \d+ ms/)]);
  });
});
