import { readdirSync, readFileSync } from 'node:fs';

// Per-process readings from /proc (Linux): resident memory of the job process, CPU time of the processes taking part.
// Elsewhere the readings are NaN and the benchmark says so.

/** USER_HZ: clock ticks per second in /proc, 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

export interface MemoryReading {
  /** VmRSS, bytes. */
  rss: number;
  /** VmHWM (peak resident set since the process started, kept by the kernel), bytes. */
  hwm: number;
}

/** VmRSS and VmHWM of a process, or null when it has exited (or is a zombie). */
export function readMemory(pid: number): MemoryReading | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/m.test(status)) return null;
    const kib = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kib('VmRSS'), hwm: kib('VmHWM') };
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  return readMemory(pid) !== null;
}

export interface RssSample {
  /** ms since the sampler started. */
  t: number;
  rss: number;
}

/** Samples a process's VmRSS every `everyMs` until `stop()` (or until the process is gone). */
export function sampleRss(pid: number, everyMs = 100): { samples: RssSample[]; lastHwm(): number; peakRss(): number; stop(): void } {
  const samples: RssSample[] = [];
  const t0 = performance.now();
  let hwm = NaN;
  const take = (): void => {
    const reading = readMemory(pid);
    if (!reading) return;
    samples.push({ t: performance.now() - t0, rss: reading.rss });
    hwm = reading.hwm;
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    samples,
    lastHwm: () => hwm,
    peakRss: () => samples.reduce((max, s) => Math.max(max, s.rss), 0),
    stop: () => clearInterval(timer),
  };
}

interface ProcEntry {
  pid: number;
  ppid: number;
  /** utime + stime + cutime + cstime: a child that exits moves its time to its parent. */
  ticks: number;
}

function processTable(): Map<number, ProcEntry> {
  const table = new Map<number, ProcEntry>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.set(Number(entry), {
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]),
      });
    } catch {
      // The process ended while we looked.
    }
  }
  return table;
}

function totalBusyTicks(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0] ?? '';
  const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  return (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
}

/** Ticks of `root` and its descendants, without the subtrees of `exclude`. */
function treeTicks(table: Map<number, ProcEntry>, root: number, exclude: ReadonlySet<number>): number {
  const children = new Map<number, number[]>();
  for (const p of table.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  let sum = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop() as number;
    if (exclude.has(pid)) continue;
    sum += table.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return sum;
}

export interface CpuSplit {
  seconds: number;
  /** Average cores used by each named process (with its descendants) during the window. */
  byName: Record<string, number>;
  /** The benchmark's own process tree minus the named processes: the benchmark itself and an embedded PostgreSQL. */
  rest: number;
  /** Everything outside the benchmark's process tree (other jobs on a shared machine; an external database). */
  other: number;
}

/**
 * Starts a CPU window; `end()` splits the CPU used since into the named processes (each with its descendants),
 * the rest of the benchmark's tree and other processes. End the window while the named processes still run: once
 * one exits, its time moves to its parent (cutime) and would be counted twice.
 */
export function cpuSplitWindow(named: Record<string, number>): { end(): CpuSplit } {
  const t0 = performance.now();
  try {
    const exclude = new Set(Object.values(named));
    const read = (table: Map<number, ProcEntry>): { byName: Map<string, number>; own: number } => ({
      byName: new Map(Object.entries(named).map(([name, pid]) => [name, treeTicks(table, pid, new Set())])),
      own: treeTicks(table, process.pid, exclude),
    });
    const total0 = totalBusyTicks();
    const first = read(processTable());
    return {
      end() {
        const seconds = (performance.now() - t0) / 1000;
        const now = read(processTable());
        const total = (totalBusyTicks() - total0) / TICKS_PER_SECOND / seconds;
        const cores = (a: number, b: number): number => Math.max(0, (b - a) / TICKS_PER_SECOND / seconds);
        const byName: Record<string, number> = {};
        for (const [name, ticks] of now.byName) byName[name] = cores(first.byName.get(name) ?? 0, ticks);
        const rest = cores(first.own, now.own);
        const namedTotal = Object.values(byName).reduce((a, b) => a + b, 0);
        return { seconds, byName, rest, other: Math.max(0, total - rest - namedTotal) };
      },
    };
  } catch {
    return { end: () => ({ seconds: (performance.now() - t0) / 1000, byName: {}, rest: NaN, other: NaN }) };
  }
}
