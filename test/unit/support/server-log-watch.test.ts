import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ServerLogWatch } from '../../support/server-log-watch.js';

describe('ServerLogWatch', () => {
  it('reports nothing for a server that never crashed', () => {
    const watch = new ServerLogWatch();
    watch.take('LOG:  database system is ready to accept connections\nLOG:  checkpoint starting: time\n');
    expect(watch.report()).toEqual([]);
  });

  it('keeps a crash line with the lines before it, across chunks split mid-line', async () => {
    const watch = new ServerLogWatch();
    const stream = new PassThrough();
    watch.consumer(stream);
    stream.write('LOG:  statement: select 1\nLOG:  server process (PID 42) was termin');
    stream.write('ated by signal 9: Killed\nLOG:  all server processes terminated; reinitializing\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(watch.report()).toEqual([
      'LOG:  statement: select 1',
      'LOG:  server process (PID 42) was terminated by signal 9: Killed',
      '…',
    ]);
  });
});
