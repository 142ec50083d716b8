/** "1.5 GiB", "312.4 MiB", "18 kiB": sizes in progress lines. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value >= 100 ? 0 : 1)} ${units[unit]}`;
}

/** Calls `line` at most once per `everyMs` through maybe(): progress lines for long jobs that do not flood the terminal. */
export function progressReporter(everyMs: number, line: () => void): { maybe(): void; stop(): void } {
  let last = Date.now();
  let stopped = false;
  return {
    maybe() {
      if (stopped || Date.now() - last < everyMs) return;
      last = Date.now();
      line();
    },
    stop() {
      stopped = true;
    },
  };
}
