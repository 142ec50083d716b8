import { parentPort } from 'node:worker_threads';
import type { ThreadReply } from './request-thread.js';

/** The thread side of `RequestThread`: answers each request with its handler's result or error message. */
export function serveRequests<Request, Result>(handle: (request: Request) => Result | Promise<Result>): void {
  if (!parentPort) throw new Error('this module runs as a worker thread');
  const port = parentPort;
  port.on('message', async ({ id, request }: { id: number; request: Request }) => {
    let reply: ThreadReply<Result>;
    try {
      reply = { id, result: await handle(request) };
    } catch (error) {
      reply = { id, error: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
}
