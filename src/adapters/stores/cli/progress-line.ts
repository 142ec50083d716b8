/** The part of stderr the progress line needs. */
export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): boolean;
}

export interface ProgressLine {
  show(text: string): void;
  clear(): void;
}

const QUIET: ProgressLine = { show: () => undefined, clear: () => undefined };

/**
 * One line on stderr, rewritten in place, for a terminal only: piped or redirected output stays clean, and
 * stdout carries nothing but results. Redraws at most every `intervalMs`.
 */
export function progressLine(stream: ProgressStream, enabled: boolean, intervalMs = 100): ProgressLine {
  if (!enabled || !stream.isTTY) return QUIET;
  let shown = false;
  let lastDrawn = 0;
  return {
    show(text) {
      const now = Date.now();
      if (shown && now - lastDrawn < intervalMs) return;
      lastDrawn = now;
      shown = true;
      stream.write(`\r\x1b[K${text}`);
    },
    clear() {
      if (shown) stream.write('\r\x1b[K');
      shown = false;
    },
  };
}
