import type { Readable } from 'node:stream';

/** A line of a PostgreSQL log that means a server process died (the server then restarts: crash recovery), or ran out of memory. */
const CRASH = /terminated by signal|was terminated|PANIC:|terminating any other active server processes|out of memory/i;
const CONTEXT_LINES = 15;
const MAX_REPORTED = 200;

/**
 * Watches the server's log for a crash and keeps the lines around it, so a test run that meets "the database
 * system is in recovery mode" says why (CI keeps no container once the run ends).
 */
export class ServerLogWatch {
  private readonly recent: string[] = [];
  private readonly reported: string[] = [];
  private partial = '';

  readonly consumer = (stream: Readable): void => {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => this.take(chunk));
  };

  take(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  /** The crash lines with what the server printed just before them; empty when nothing crashed. */
  report(): string[] {
    return [...this.reported];
  }

  private line(line: string): void {
    this.recent.push(line);
    if (this.recent.length > CONTEXT_LINES) this.recent.shift();
    if (!CRASH.test(line) || this.reported.length >= MAX_REPORTED) return;
    this.reported.push(...this.recent.splice(0), '…');
  }
}
