// The statistic of the logging benchmark's on/off comparison: the median of paired ratios, with a bootstrap
// confidence interval, so a reader sees how far this machine's noise reaches beside the estimate.
import { median } from './support/percentiles.js';

/** Kept for the code that imports it from here (bench/logging.ts, bench/parsers.ts, its unit test). */
export { median };

export interface RatioEstimate {
  /** Median of the pairs' ratios (second / first). */
  median: number;
  /** 95 % bootstrap interval of that median. */
  low: number;
  high: number;
  pairs: number;
}

/** A small seeded generator (mulberry32): the same runs always give the same interval. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pairedRatio(ratios: readonly number[], resamples = 4000): RatioEstimate {
  if (ratios.length === 0) throw new Error('no pairs to compare');
  const random = seededRandom(0x5eed);
  const medians: number[] = [];
  for (let r = 0; r < resamples; r++) {
    medians.push(median(Array.from({ length: ratios.length }, () => ratios[Math.floor(random() * ratios.length)]!)));
  }
  medians.sort((a, b) => a - b);
  const at = (q: number): number => medians[Math.min(medians.length - 1, Math.floor(q * medians.length))]!;
  return { median: median(ratios), low: at(0.025), high: at(0.975), pairs: ratios.length };
}
