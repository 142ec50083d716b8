import { Agent, get } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../../../../src/adapters/kits/http/http-server.js';

let server: RunningServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await server?.close(Date.now());
});

interface Answer {
  status: number;
  connection: string | undefined;
}

function getWith(via: Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    get(url, { agent: via }, (res) => {
      res.resume();
      res.once('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    }).on('error', reject);
  });
}

describe('stopping the HTTP server', () => {
  it('answers requests sent on a kept-alive connection right after stopping starts, with Connection: close', async () => {
    server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1');
    const url = `http://127.0.0.1:${server.port}/`;
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await getWith(agent, url)).status).toBe(200);

    const stopped = server.close(Date.now() + 5_000);
    // Sent at once, on the connection the agent keeps: none may meet a reset.
    const answers = await Promise.all([getWith(agent, url), getWith(agent, url)].map((p) => p.catch((error: Error) => error.message)));
    expect(answers[0]).toEqual({ status: 200, connection: 'close' });
    const startedAt = Date.now();
    await stopped;
    expect(Date.now() - startedAt, 'an idle connection does not hold the stop for the grace period').toBeLessThan(2_000);
  });

  it('closes an idle kept-alive connection without waiting for the deadline', async () => {
    server = await listen((_req, res) => res.end('ok'), 0, '127.0.0.1');
    agent = new Agent({ keepAlive: true });
    expect((await getWith(agent, `http://127.0.0.1:${server.port}/`)).status).toBe(200);
    const startedAt = Date.now();
    await server.close(Date.now() + 10_000);
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });
});
