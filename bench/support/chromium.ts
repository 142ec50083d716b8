// Chromium for the browser benchmarks: Debian's (CHROMIUM_PATH to use another), with the flags of the browser tests
// (test/e2e/support/web-harness.ts imports them), either driven by playwright-core or started with a DevTools port for Lighthouse.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';

/** The machine's network is closed: without these, Chromium waits on connections it can never make. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function assertInstalled(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

/** Chromium under playwright-core (a fresh temporary profile per launch). */
export function launchChromium(): Promise<Browser> {
  assertInstalled();
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface DebuggableChromium {
  port: number;
  /** Its version line, e.g. "Chrome/156.0.8078.108". */
  version: string;
  stop(): Promise<void>;
}

/**
 * Chromium with its DevTools endpoint on 127.0.0.1:`port` and a profile of its own (removed on stop), for tools that
 * connect to a running browser (Lighthouse's `port`, playwright's connectOverCDP).
 */
export async function startDebuggableChromium(port: number): Promise<DebuggableChromium> {
  assertInstalled();
  const profile = await mkdtemp(path.join(tmpdir(), 'shelfwatch-chromium-'));
  const child: ChildProcess = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));
  const stop = async (): Promise<void> => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exit;
      clearTimeout(timer);
    }
    await rm(profile, { recursive: true, force: true });
  };
  process.once('exit', () => {
    if (!exited) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(1000) });
      const { Browser: version } = (await answer.json()) as { Browser: string };
      return { port, version, stop };
    } catch (error) {
      if (exited || Date.now() > deadline) {
        await stop();
        throw new Error(`Chromium did not open its DevTools port ${port}: ${error instanceof Error ? error.message : String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
