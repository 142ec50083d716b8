/** What a stop step is told: by when (epoch ms) work in hand must be finished or handed back. */
export interface StopBudget {
  deadline: number;
}

export interface UnwindOptions {
  /** How long work in flight gets (responses being written, fetch bundles in hand); 0 by default. */
  graceMs?: number;
  /** After the grace, how long the remaining steps get in all, so a stop never hangs (each still gets a short try). */
  afterGraceMs?: number;
}

interface Step {
  name: string;
  stop: (budget: StopBudget) => Promise<unknown>;
  quiesce?: () => void;
}

/** A step that overruns the whole budget still gets this long, so every later step is at least started. */
const MIN_STEP_MS = 1_000;

/** Things to stop, in reverse order of starting; each step runs even if an earlier one failed or overran. */
export class ShutdownStack {
  private readonly steps: Step[] = [];

  /** `quiesce`, if given, runs as soon as the unwinding starts (stop taking new work), before any step is awaited. */
  push(name: string, stop: (budget: StopBudget) => Promise<unknown>, quiesce?: () => void): void {
    this.steps.push({ name, stop, quiesce });
  }

  /**
   * A place in the order for a step made later: a step started after others but that must stop after them too (the
   * log buffer, made with the container after the job queue started, is written after the queue's last jobs logged).
   * Returns what fills the place; a place never filled stops nothing.
   */
  reserve(name: string): (stop: Step['stop'], quiesce?: () => void) => void {
    const step: Step = { name, stop: async () => undefined };
    this.steps.push(step);
    return (stop, quiesce) => {
      step.stop = stop;
      step.quiesce = quiesce;
    };
  }

  async unwind(onError: (name: string, error: unknown) => void = () => undefined, options: UnwindOptions = {}): Promise<void> {
    const deadline = Date.now() + (options.graceMs ?? 0);
    const endOfBudget = deadline + (options.afterGraceMs ?? 10_000);
    for (const step of [...this.steps].reverse()) {
      try {
        step.quiesce?.();
      } catch (error) {
        onError(step.name, error);
      }
    }
    for (let step = this.steps.pop(); step; step = this.steps.pop()) {
      const allowedMs = Math.max(endOfBudget - Date.now(), MIN_STEP_MS);
      try {
        await withinMs(step.stop({ deadline }), allowedMs, step.name);
      } catch (error) {
        onError(step.name, error);
      }
    }
  }
}

function withinMs(work: Promise<unknown>, ms: number, name: string): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} did not stop within ${ms} ms; going on without it`)), ms);
  });
  return Promise.race([work, overrun]).finally(() => clearTimeout(timer));
}
