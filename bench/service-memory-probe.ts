// Preloaded into the measured service by bench/import-create.ts
// (`node --expose-gc --import tsx --import bench/service-memory-probe.ts src/composition/entries/api-service.ts`, with BENCH_MEMORY_PROBE_PORT set):
// a tiny side server on 127.0.0.1 that, on `GET /gc`, runs two plain full collections (`gc(); gc();`) in the
// service's own event loop and answers with process.memoryUsage() and VmRSS. Between requests it does nothing: no
// timers, no sampling, no heap snapshots. The service's own code is untouched and never sees it.
//
// Why `gc(); gc();` and not `gc({ type: 'major', execution: 'sync' })`: on Node 20 the latter was seen to leave about
// 66 MiB of garbage in the service's heap after an import, where the two plain calls bring it back to what is really
// reachable (about 44 MiB, the same after every import).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { ServiceMemoryReading } from './service-memory.js';

function vmRssKb(): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) : NaN;
  } catch {
    return NaN;
  }
}

function reading(gcMs: number): ServiceMemoryReading {
  const m = process.memoryUsage();
  return {
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    rss: m.rss,
    vmRssKb: vmRssKb(),
    gcMs,
  };
}

const port = Number(process.env.BENCH_MEMORY_PROBE_PORT);
if (Number.isInteger(port) && port > 0) {
  const server = http.createServer((request, response) => {
    response.setHeader('connection', 'close');
    if (request.url !== '/gc') {
      response.statusCode = 404;
      response.end();
      return;
    }
    const collect = globalThis.gc;
    if (typeof collect !== 'function') {
      response.statusCode = 500;
      response.end('the service was started without --expose-gc');
      return;
    }
    const t0 = performance.now();
    collect();
    collect();
    const body = JSON.stringify(reading(performance.now() - t0));
    response.setHeader('content-type', 'application/json');
    response.end(body);
  });
  // Neither the server nor a connection to it keeps the service alive: its shutdown stays its own.
  server.on('connection', (socket) => socket.unref());
  server.on('error', (error) => process.stderr.write(`service-memory-probe: ${error.message}\n`));
  server.listen(port, '127.0.0.1').unref();
}
