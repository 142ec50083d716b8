/**
 * Politeness for one store: at most `concurrency` requests at once and at least `minIntervalMs` between request
 * starts. Waiters are served in arrival order.
 */
export class StoreGate {
  private active = 0;
  private nextStartAt = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly minIntervalMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holds the store back (a Retry-After): no new request starts before `until`. */
  pauseUntil(until: number): void {
    this.nextStartAt = Math.max(this.nextStartAt, until);
  }

  private async acquire(): Promise<void> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    const now = Date.now();
    const startAt = Math.max(now, this.nextStartAt);
    this.nextStartAt = startAt + this.minIntervalMs;
    if (startAt > now) await sleep(startAt - now);
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
