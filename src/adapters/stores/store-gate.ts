/**
 * Politeness for one store: at most `concurrency` requests at once and at least `minIntervalMs` between request
 * starts. Waiters are served in arrival order, except that a request a user waits for goes before every waiting
 * scheduled one: the daily fetch yields to people.
 */
export class StoreGate {
  private active = 0;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private pausedUntil = 0;
  /** Starts are serialised, so the spacing is measured between real starts even when a timer fires late. */
  private startTurn: Promise<void> = Promise.resolve();
  private readonly waiting: Array<() => void> = [];
  private readonly waitingUrgent: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly minIntervalMs: number,
  ) {}

  async run<T>(work: () => Promise<T>, urgent = false): Promise<T> {
    await this.acquire(urgent);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holds the store back (a Retry-After): no new request starts before `until`. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  private async acquire(urgent: boolean): Promise<void> {
    if (this.active >= this.concurrency) {
      await new Promise<void>((resolve) => (urgent ? this.waitingUrgent : this.waiting).push(resolve));
    }
    this.active++;
    const turn = this.startTurn.then(async () => {
      for (;;) {
        const wait = Math.max(this.lastStartAt + this.minIntervalMs, this.pausedUntil) - Date.now();
        if (wait <= 0) break;
        await sleep(wait);
      }
      this.lastStartAt = Date.now();
    });
    this.startTurn = turn;
    await turn;
  }

  private release(): void {
    this.active--;
    (this.waitingUrgent.shift() ?? this.waiting.shift())?.();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
