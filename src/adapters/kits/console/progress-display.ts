import cliProgress from 'cli-progress';

export interface ProgressDisplayOptions {
  /** The bar's format (cli-progress tokens, with the payload's names). */
  format: string;
  /** Without a terminal, a line at most this often. */
  lineEveryMs: number;
  say: (line: string) => void;
  /** Default: whether stdout is a terminal. */
  terminal?: boolean;
}

/**
 * How a long job shows its progress: a bar on a terminal, else a line at most every `lineEveryMs` (and always the
 * last one), so a log keeps a readable trace instead of a bar's redraws.
 */
export class ProgressDisplay {
  private readonly terminal: boolean;
  private bar: cliProgress.SingleBar | null = null;
  private lineAt: number;

  /** `lineNow`: the first update may print at once (else only `lineEveryMs` after the display starts). */
  constructor(
    private readonly options: ProgressDisplayOptions,
    lineNow = false,
  ) {
    this.terminal = options.terminal ?? process.stdout.isTTY === true;
    this.lineAt = lineNow ? 0 : Date.now();
  }

  /** Shows the bar (on a terminal) from `value` of `total`; again after `stop`, as a fresh bar. */
  start(total: number, value = 0, payload: Record<string, unknown> = {}): void {
    if (!this.terminal) return;
    this.bar = new cliProgress.SingleBar({ format: this.options.format }, cliProgress.Presets.shades_classic);
    this.bar.start(total, value, payload);
  }

  /** Moves the bar, or says `line()` when the last line is old enough or `last` is set. */
  update(value: number, payload: Record<string, unknown>, line: () => string, last = false): void {
    if (this.bar) {
      this.bar.update(value, payload);
      return;
    }
    if (!last && Date.now() - this.lineAt < this.options.lineEveryMs) return;
    this.lineAt = Date.now();
    this.options.say(line());
  }

  /** Lines only from now on, until the next `start` (another line is about to be said between). */
  stop(): void {
    this.bar?.stop();
    this.bar = null;
  }
}
