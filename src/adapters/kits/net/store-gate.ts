/**
 * Politeness for one store: at most `concurrency` requests at once and at least `minIntervalMs` between request
 * starts. A request somebody waits for goes before every waiting scheduled one (the daily fetch yields to people),
 * and people take turns: each has a lane, served round-robin, so one person's twenty requests do not hold up
 * another's one. Within a lane, and among scheduled requests, arrival order.
 */
export class StoreGate {
  private active = 0;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private pausedUntil = 0;
  /** Starts are serialised, so the spacing is measured between real starts even when a timer fires late. */
  private startTurn: Promise<void> = Promise.resolve();
  private readonly waiting: Array<() => void> = [];
  /** Each person's waiting requests, and whose turn is next. */
  private readonly lanes = new Map<string, Array<() => void>>();
  private readonly turns: string[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly minIntervalMs: number,
  ) {}

  /** `lane`: who waits for this request (a user); none for scheduled work. */
  async run<T>(work: () => Promise<T>, lane?: string): Promise<T> {
    await this.acquire(lane);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** When the latest request started (epoch ms), as the gate stamped it: the instant the spacing is measured from. */
  get lastStart(): number {
    return this.lastStartAt;
  }

  /** Holds the store back (a Retry-After): no new request starts before `until`. */
  pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  private async acquire(lane: string | undefined): Promise<void> {
    if (this.active >= this.concurrency) {
      await new Promise<void>((resolve) => (lane === undefined ? this.waiting.push(resolve) : this.queueInLane(lane, resolve)));
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

  private queueInLane(lane: string, resolve: () => void): void {
    const waiting = this.lanes.get(lane);
    if (waiting) {
      waiting.push(resolve);
      return;
    }
    this.lanes.set(lane, [resolve]);
    this.turns.push(lane);
  }

  /** The first waiter of the lane whose turn it is; that lane goes to the back of the turns while it has more. */
  private nextInLanes(): (() => void) | undefined {
    const lane = this.turns.shift();
    if (lane === undefined) return undefined;
    const waiting = this.lanes.get(lane)!;
    const next = waiting.shift();
    if (waiting.length > 0) this.turns.push(lane);
    else this.lanes.delete(lane);
    return next;
  }

  private release(): void {
    this.active--;
    (this.nextInLanes() ?? this.waiting.shift())?.();
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
