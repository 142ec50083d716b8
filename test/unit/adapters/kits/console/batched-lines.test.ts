import { describe, expect, it } from 'vitest';
import { BatchedLines } from '../../../../../src/adapters/kits/console/batched-lines.js';

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('BatchedLines', () => {
  it('writes the lines of one turn of the event loop in one write, in order, each ended', async () => {
    const writes: string[] = [];
    const lines = new BatchedLines((text) => writes.push(text));
    lines.push('{"a":1}');
    lines.push('{"b":2}');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n']);
    lines.push('{"c":3}');
    await nextTurn();
    expect(writes).toEqual(['{"a":1}\n{"b":2}\n', '{"c":3}\n']);
  });

  it('writes what is pending when asked (as at exit), and nothing when nothing is', async () => {
    const writes: string[] = [];
    const lines = new BatchedLines((text) => writes.push(text));
    lines.flush();
    lines.push('last');
    lines.flush();
    await nextTurn();
    expect(writes).toEqual(['last\n']);
  });
});
