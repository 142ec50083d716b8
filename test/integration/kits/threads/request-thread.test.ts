// RequestThread against a real worker thread (test/fixtures/threads/echo-thread.ts).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestThread } from '../../../../src/adapters/kits/threads/request-thread.js';

const entry = new URL('../../../fixtures/threads/echo-thread.ts', import.meta.url);
type Answer = { echoed: unknown; threadId: number };
const threads: Array<RequestThread<unknown, Answer>> = [];
const thread = (idleStopMs = 60_000): RequestThread<unknown, Answer> => {
  const created = new RequestThread<unknown, Answer>({ entry, idleStopMs, name: 'echo' });
  threads.push(created);
  return created;
};
afterEach(async () => {
  for (const t of threads.splice(0)) await t.close();
});

describe('RequestThread', () => {
  it('answers each request by id, in a thread of its own, with values copied by the structured clone', async () => {
    const t = thread();
    const when = new Date('2026-11-24T10:00:00.123Z');
    const answers = await Promise.all([1, 2, 3].map((n) => t.call({ echo: { n, when } })));
    expect(answers.map((a) => a.echoed)).toEqual([1, 2, 3].map((n) => ({ n, when })));
    expect((answers[0]!.echoed as { when: unknown }).when).toBeInstanceOf(Date);
    expect(new Set(answers.map((a) => a.threadId)).size).toBe(1);
    expect(answers[0]!.threadId).not.toBe(0);
    expect(t.pending).toBe(0);
  });

  it("rejects with the thread's error message, and keeps working", async () => {
    const t = thread();
    await expect(t.call({ fail: 'no such table' })).rejects.toThrow('no such table');
    await expect(t.call({ echo: 'after' })).resolves.toMatchObject({ echoed: 'after' });
  });

  it('rejects a value the structured clone cannot copy before sending it (DataCloneError)', async () => {
    const t = thread();
    const error = await t.call({ echo: { fn: () => 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('DataCloneError');
    expect(t.pending).toBe(0);
  });

  it('fails the pending requests of a thread that dies, and starts a new thread on next use', async () => {
    const t = thread();
    const first = await t.call({ echo: 0 });
    const waiting = t.call({ wait: 5_000 });
    const dying = t.call({ die: 7 });
    await expect(dying).rejects.toThrow('the echo thread stopped (exit code 7)');
    await expect(waiting).rejects.toThrow('exit code 7');
    const next = await t.call({ echo: 'again' });
    expect(next.echoed).toBe('again');
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('stops after idleStopMs without work and starts again on next use', async () => {
    const t = thread(100);
    const first = await t.call({ echo: 1 });
    const soon = await t.call({ echo: 2 });
    expect(soon.threadId).toBe(first.threadId);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const later = await t.call({ echo: 3 });
    expect(later.threadId).not.toBe(first.threadId);
  });

  it('close() fails what is pending', async () => {
    const t = thread();
    await t.call({ echo: 'up' });
    const waiting = t.call({ wait: 5_000 });
    await t.close();
    await expect(waiting).rejects.toThrow(/stopped/);
  });
});

describe('RequestThread and the process', () => {
  it('keeps the process alive while a request is pending, and not once the thread is idle; from any working directory', async () => {
    const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const probe = new URL('../../../fixtures/threads/lifetime-probe.ts', import.meta.url);
    const started = Date.now();
    const stdout = await new Promise<string>((resolve, reject) =>
      // Started outside the project: the thread must find tsx from the project, not from the working directory.
      execFile(process.execPath, ['--import', tsxLoader, probe.pathname], { cwd: os.tmpdir(), timeout: 20_000 }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    // The answer came (300 ms in the thread), and the process ended without waiting for the 60 s idle stop.
    expect(stdout.trim()).toBe('answered');
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
