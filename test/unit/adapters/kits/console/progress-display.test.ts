// What a long job prints without a terminal: a line at most every so often, and always the last one.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressDisplay } from '../../../../../src/adapters/kits/console/progress-display.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function lines(lineNow: boolean): { said: string[]; display: ProgressDisplay } {
  const said: string[] = [];
  const display = new ProgressDisplay({ format: '{bar}', lineEveryMs: 2_000, say: (line) => said.push(line), terminal: false }, lineNow);
  display.start(10);
  return { said, display };
}

describe('ProgressDisplay without a terminal', () => {
  it('says a line at most every lineEveryMs, and the last one whenever it comes', () => {
    const { said, display } = lines(false);
    display.update(1, {}, () => '1');
    vi.advanceTimersByTime(2_000);
    display.update(2, {}, () => '2');
    vi.advanceTimersByTime(1_000);
    display.update(3, {}, () => '3');
    display.update(10, {}, () => '10', true);
    expect(said).toEqual(['2', '10']);
  });

  it('says the first update at once when asked to', () => {
    const { said, display } = lines(true);
    display.update(1, {}, () => '1');
    display.update(2, {}, () => '2');
    expect(said).toEqual(['1']);
  });

  it('never builds the line it does not say', () => {
    const { display } = lines(false);
    const line = vi.fn(() => 'x');
    display.update(1, {}, line);
    expect(line).not.toHaveBeenCalled();
  });
});
