/**
 * Lines for stdout written together, once per turn of the event loop: under load one write for the many answers of a
 * turn instead of one each. stdout to a pipe or a file is a synchronous write in Node, so a line per request was a
 * system call per request on the request path. Whatever is pending when the process exits is written then.
 */
const unwritten = new Set<BatchedLines>();
let flushesAtExit = false;

export class BatchedLines {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly write: (text: string) => void = (text) => void process.stdout.write(text)) {}

  push(line: string): void {
    this.pending.push(line);
    if (this.scheduled) return;
    this.scheduled = true;
    unwritten.add(this);
    if (!flushesAtExit) {
      // One listener for every instance (an app per test in a test process would otherwise add one each).
      flushesAtExit = true;
      process.once('exit', () => {
        for (const lines of unwritten) lines.flush();
      });
    }
    setImmediate(() => this.flush());
  }

  /** Writes what is pending now (the turn's lines, in order). */
  flush(): void {
    this.scheduled = false;
    unwritten.delete(this);
    if (this.pending.length === 0) return;
    const text = `${this.pending.join('\n')}\n`;
    this.pending = [];
    this.write(text);
  }
}
