// StoreGate: per-store politeness as a primitive — at most `concurrency` pieces of work at once, request starts at
// least `minIntervalMs` apart, waiters served in arrival order, and `pauseUntil` (a Retry-After) holding the store.
// Timing assertions are lower bounds only, with a few milliseconds of tolerance for timer rounding.
import { describe, expect, it } from 'vitest';
import { sleep, StoreGate } from '../../../../../src/adapters/kits/net/store-gate.js';

/** Timers may fire a millisecond or two "early" as measured with Date.now(). */
const TOLERANCE_MS = 3;

/** A promise with its resolve function, to hold work open until the test lets it finish. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Blocks the event loop, as a long synchronous step (a big page parse) does. */
function busyWait(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    // spin
  }
}

/** Differences between consecutive values. */
function gaps(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - (times[i] as number));
}

describe('StoreGate: concurrency', () => {
  it('never has more than `concurrency` pieces of work in flight, and uses all of them', async () => {
    const gate = new StoreGate(3, 0);
    let inFlight = 0;
    let maxInFlight = 0;
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        gate.run(async () => {
          inFlight++;
          maxInFlight = Math.max(maxInFlight, inFlight);
          await sleep(5 + (i % 4) * 5);
          inFlight--;
          return i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(maxInFlight).toBe(3);
    expect(inFlight).toBe(0);
  });

  it('with concurrency 1 the work runs strictly one after another', async () => {
    const gate = new StoreGate(1, 0);
    const events: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        gate.run(async () => {
          events.push(`${name}:start`);
          await sleep(10);
          events.push(`${name}:end`);
        }),
      ),
    );
    expect(events).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('a slot held by work that is still running is not handed out again', async () => {
    const gate = new StoreGate(2, 0);
    const first = deferred();
    const second = deferred();
    const started: string[] = [];
    const a = gate.run(async () => {
      started.push('a');
      await first.promise;
    });
    const b = gate.run(async () => {
      started.push('b');
      await second.promise;
    });
    const c = gate.run(async () => {
      started.push('c');
    });
    await sleep(30);
    expect(started).toEqual(['a', 'b']);
    second.resolve();
    await b;
    await c;
    expect(started).toEqual(['a', 'b', 'c']);
    first.resolve();
    await a;
  });

  it('passes the work result through and frees the slot when the work throws', async () => {
    const gate = new StoreGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('store exploded')))).rejects.toThrow('store exploded');
    await expect(
      gate.run(() => {
        throw new Error('synchronous failure');
      }),
    ).rejects.toThrow('synchronous failure');
    await expect(gate.run(async () => 'still usable')).resolves.toBe('still usable');
  });
});

describe('StoreGate: order', () => {
  it('serves waiters in arrival order (FIFO) with concurrency 1', async () => {
    const gate = new StoreGate(1, 0);
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate.run(async () => {
          order.push(i);
          await sleep(1);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('starts work in arrival order with several slots and work of different lengths', async () => {
    const gate = new StoreGate(2, 0);
    const order: number[] = [];
    const durations = [40, 5, 25, 5, 15, 5, 30, 5];
    await Promise.all(
      durations.map((ms, i) =>
        gate.run(async () => {
          order.push(i);
          await sleep(ms);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('late arrivals queue behind earlier waiters', async () => {
    const gate = new StoreGate(1, 0);
    const hold = deferred();
    const order: string[] = [];
    const first = gate.run(async () => {
      order.push('first');
      await hold.promise;
    });
    const early = gate.run(async () => void order.push('early'));
    await sleep(10);
    const late = gate.run(async () => void order.push('late'));
    hold.resolve();
    await Promise.all([first, early, late]);
    expect(order).toEqual(['first', 'early', 'late']);
  });
});

describe('StoreGate: minimum interval between starts', () => {
  // The gaps are measured between the gate's own start stamps (read by the work as it starts): a stamp taken in the
  // work itself can come later than the gate's when the process is preempted in between (CI on two busy cores saw a
  // 23 ms gap for a 30 ms interval that way), which says nothing about the gate.
  it('spaces the starts of queued work by at least minIntervalMs, even with free slots', async () => {
    const gate = new StoreGate(5, 30);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 5 }, () =>
        gate.run(async () => {
          starts.push(gate.lastStart);
        }),
      ),
    );
    expect(starts).toHaveLength(5);
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(30 - TOLERANCE_MS);
  });

  it('spaces starts with concurrency 1 and short work', async () => {
    const gate = new StoreGate(1, 30);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 4 }, () =>
        gate.run(async () => {
          starts.push(gate.lastStart);
          await sleep(2);
        }),
      ),
    );
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(30 - TOLERANCE_MS);
  });

  // The event loop is sometimes late: a long synchronous step (parsing a multi-megabyte page takes seconds) delays
  // every timer. The interval is between the requests the store actually sees, so a late start must push the
  // following starts back rather than let them bunch up.
  it('keeps the interval when a start is late because the event loop was busy (concurrency 1)', async () => {
    const gate = new StoreGate(1, 50);
    const starts: number[] = [];
    const all = Promise.all(Array.from({ length: 3 }, () => gate.run(async () => void starts.push(gate.lastStart))));
    // The first start is immediate, the second is due 50 ms later: hold the event loop from 10 ms to 90 ms.
    await sleep(10);
    busyWait(80);
    await all;
    expect(starts).toHaveLength(3);
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(50 - TOLERANCE_MS);
  });

  it('keeps the interval when a start is late because the event loop was busy (free slots)', async () => {
    const gate = new StoreGate(3, 50);
    const starts: number[] = [];
    const all = Promise.all(Array.from({ length: 3 }, () => gate.run(async () => void starts.push(gate.lastStart))));
    await sleep(10);
    busyWait(80);
    await all;
    expect(starts).toHaveLength(3);
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(50 - TOLERANCE_MS);
  });

  it('keeps the interval for work that arrives one at a time', async () => {
    const gate = new StoreGate(1, 30);
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) await gate.run(async () => void starts.push(gate.lastStart));
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(30 - TOLERANCE_MS);
  });
});

describe('StoreGate: pauseUntil', () => {
  it('delays the next start until the given time', async () => {
    const gate = new StoreGate(2, 0);
    const until = Date.now() + 80;
    gate.pauseUntil(until);
    let startedAt = 0;
    await gate.run(async () => {
      startedAt = Date.now();
    });
    expect(startedAt).toBeGreaterThanOrEqual(until - TOLERANCE_MS);
  });

  it('holds back work already waiting for a slot when the pause is set', async () => {
    const gate = new StoreGate(1, 0);
    const hold = deferred();
    const running = gate.run(() => hold.promise);
    let waiterStartedAt = 0;
    const waiter = gate.run(async () => {
      waiterStartedAt = Date.now();
    });
    const until = Date.now() + 80;
    gate.pauseUntil(until);
    hold.resolve();
    await Promise.all([running, waiter]);
    expect(waiterStartedAt).toBeGreaterThanOrEqual(until - TOLERANCE_MS);
  });

  it('holds every following start, and the interval still applies after the pause', async () => {
    const gate = new StoreGate(3, 20);
    const until = Date.now() + 60;
    gate.pauseUntil(until);
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 3 }, () => gate.run(async () => void starts.push(Date.now()))));
    for (const start of starts) expect(start).toBeGreaterThanOrEqual(until - TOLERANCE_MS);
    for (const gap of gaps(starts)) expect(gap).toBeGreaterThanOrEqual(20 - TOLERANCE_MS);
  });

  it('a pause shorter than the pending interval does not shorten it', async () => {
    const gate = new StoreGate(1, 100);
    let firstAt = 0;
    await gate.run(async () => {
      firstAt = Date.now();
    });
    gate.pauseUntil(Date.now() + 5);
    let secondAt = 0;
    await gate.run(async () => {
      secondAt = Date.now();
    });
    expect(secondAt - firstAt).toBeGreaterThanOrEqual(100 - TOLERANCE_MS);
  });

  it('a pause in the past changes nothing', async () => {
    const gate = new StoreGate(1, 0);
    gate.pauseUntil(Date.now() - 10_000);
    await expect(gate.run(async () => 'ran')).resolves.toBe('ran');
  });
});

describe('StoreGate: separate gates are independent', () => {
  it("one store's busy slot does not block another store", async () => {
    const a = new StoreGate(1, 0);
    const b = new StoreGate(1, 0);
    const bStarted = deferred();
    const order: string[] = [];
    // A's only slot stays taken until B's work has started: this completes only if B does not wait for A.
    const workA = a.run(async () => {
      order.push('a:start');
      await bStarted.promise;
      order.push('a:end');
    });
    const workB = b.run(async () => {
      order.push('b:start');
      bStarted.resolve();
    });
    await Promise.all([workA, workB]);
    expect(order).toEqual(['a:start', 'b:start', 'a:end']);
  });

  it("one store's pause and interval do not hold another store", async () => {
    const a = new StoreGate(1, 200);
    const b = new StoreGate(1, 0);
    const pausedUntil = Date.now() + 150;
    a.pauseUntil(pausedUntil);
    const order: string[] = [];
    let aStartedAt = 0;
    await Promise.all([
      a.run(async () => {
        aStartedAt = Date.now();
        order.push('a');
      }),
      b.run(async () => void order.push('b1')),
      b.run(async () => void order.push('b2')),
    ]);
    expect(order).toEqual(['b1', 'b2', 'a']);
    expect(aStartedAt).toBeGreaterThanOrEqual(pausedUntil - TOLERANCE_MS);
  });
});

describe('StoreGate: a user before the daily fetch', () => {
  it('serves an urgent waiter before every scheduled one still waiting, then the rest in arrival order', async () => {
    const gate = new StoreGate(1, 0);
    const hold = deferred();
    const order: string[] = [];
    const first = gate.run(() => hold.promise.then(() => order.push('scheduled-0')));
    const scheduled = [1, 2, 3].map((i) => gate.run(async () => void order.push(`scheduled-${i}`)));
    const urgent = [1, 2].map((i) => gate.run(async () => void order.push(`urgent-${i}`), 'user-1'));
    hold.resolve();
    await Promise.all([first, ...scheduled, ...urgent]);
    expect(order).toEqual(['scheduled-0', 'urgent-1', 'urgent-2', 'scheduled-1', 'scheduled-2', 'scheduled-3']);
  });

  it('lets people take turns: one person\'s many requests do not hold up another\'s one', async () => {
    const gate = new StoreGate(1, 0);
    const hold = deferred();
    const order: string[] = [];
    const first = gate.run(() => hold.promise.then(() => order.push('scheduled')));
    const greedy = [1, 2, 3, 4].map((i) => gate.run(async () => void order.push(`a-${i}`), 'a'));
    const other = gate.run(async () => void order.push('b-1'), 'b');
    const third = gate.run(async () => void order.push('c-1'), 'c');
    hold.resolve();
    await Promise.all([first, ...greedy, other, third]);
    expect(order).toEqual(['scheduled', 'a-1', 'b-1', 'c-1', 'a-2', 'a-3', 'a-4']);
  });
});
