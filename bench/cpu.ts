import { readdirSync, readFileSync } from 'node:fs';

// CPU used by processes outside the benchmark (other jobs on a shared machine) distorts every number here.
// Linux only: reads /proc; elsewhere the readings are NaN and the checks are skipped.

/** USER_HZ: clock ticks per second in /proc, 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

function totalBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
}

/**
 * Processes outside the benchmark's own tree whose CPU is its own all the same: a PostgreSQL server on this machine
 * named by DATABASE_URL (its postmaster, so its backends too), whose work the benchmark causes. Without this, a
 * quiet-machine check waits on the database work it causes and reports it as disturbance.
 */
const alsoOwn = new Set<number>();

/** Counts process `pid` and its descendants as the benchmark's own from now on (`cpuWindow`, `waitForQuiet`). */
export function countAsOwn(pid: number): void {
  alsoOwn.add(pid);
}

/** The parent of process `pid`, from /proc; null when it cannot be read (another machine, the process ended). */
export function parentPid(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(parent) && parent > 1 ? parent : null;
  } catch {
    return null;
  }
}

/**
 * CPU ticks of `root` and all its descendants (the service, the baseline, an embedded PostgreSQL and its backends),
 * and of the processes counted as own (`countAsOwn`), each process once.
 */
function treeTicks(root: number): number {
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: fields are counted after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parent.set(Number(entry), Number(fields[1]));
      // utime, stime, and cutime, cstime: a child that exits moves its time to its parent, so the sum stays whole.
      ticks.set(Number(entry), Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]));
    } catch {
      // The process ended while we looked.
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parent) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let sum = 0;
  const seen = new Set<number>();
  const stack = [root, ...alsoOwn];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (seen.has(pid)) continue;
    seen.add(pid);
    sum += ticks.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

export interface CpuReading {
  /** Average cores used by processes outside the benchmark's process tree (and what counts as own) during the window. */
  otherCores: number;
  /** Average cores used by the benchmark's process tree. */
  ownCores: number;
}

/** Starts a measurement window; `end()` gives the average CPU use since. */
export function cpuWindow(root = process.pid): { end(): CpuReading } {
  try {
    const t0 = performance.now();
    const total0 = totalBusyTicks();
    const own0 = treeTicks(root);
    return {
      end() {
        const seconds = (performance.now() - t0) / 1000;
        const own = (treeTicks(root) - own0) / TICKS_PER_SECOND / seconds;
        const total = (totalBusyTicks() - total0) / TICKS_PER_SECOND / seconds;
        return { otherCores: Math.max(0, total - own), ownCores: own };
      },
    };
  } catch {
    return { end: () => ({ otherCores: NaN, ownCores: NaN }) };
  }
}

/**
 * Waits until other processes leave the machine nearly idle (below `threshold` cores over a 3 s sample),
 * for at most `maxWaitSeconds`; then goes on and says so. Returns the last reading.
 */
export async function waitForQuiet(options: { threshold: number; maxWaitSeconds: number; say: (line: string) => void }): Promise<CpuReading> {
  const deadline = performance.now() + options.maxWaitSeconds * 1000;
  for (;;) {
    const window = cpuWindow();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const reading = window.end();
    if (!(reading.otherCores >= options.threshold)) return reading;
    if (performance.now() >= deadline) {
      options.say(`  machine still busy: other processes use ${reading.otherCores.toFixed(2)} cores; measuring anyway`);
      return reading;
    }
    options.say(`  other processes use ${reading.otherCores.toFixed(2)} cores; waiting for the machine to quieten ...`);
  }
}
