// Steering the stores over HTTP for manual testing:
//   POST /__control          {"store", "isbn" (13 digits or "*"), "behaviour"}
//   POST /__control/reset    removes every override and zeroes the counters
//   POST /__control/latency  {"ms"}
//   GET  /__control/stats    counters per store and the latency
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkControlRequest, describeIssues, InvalidBehaviourError, latencyRequestSchema } from './behaviour-schema.js';
import { BodyTooLargeError, readBody, sendJson } from './http-responses.js';
import type { DemoStoreState } from './demo-store-state.js';

const BODY_LIMIT = 64 * 1024;

export async function handleControlRequest(state: DemoStoreState, path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const route = `${req.method ?? 'GET'} ${path.replace(/\/$/, '')}`;
  try {
    switch (route) {
      case 'POST /__control': {
        const body = await readJson(req);
        const request = checkControlRequest(field(body, 'store'), field(body, 'isbn'), (body as { behaviour?: unknown }).behaviour);
        state.overrides.set(request.store, request.isbn, request.behaviour);
        sendJson(res, 200, { ok: true, ...request });
        return;
      }
      case 'POST /__control/reset':
        state.reset();
        sendJson(res, 200, { ok: true });
        return;
      case 'POST /__control/latency': {
        const parsed = latencyRequestSchema.safeParse(await readJson(req));
        if (!parsed.success) throw new InvalidBehaviourError(describeIssues(parsed.error));
        state.latencyMs = parsed.data.ms;
        sendJson(res, 200, { ok: true, latencyMs: state.latencyMs });
        return;
      }
      case 'GET /__control/stats':
        sendJson(res, 200, { latencyMs: state.latencyMs, stores: state.stats.snapshot() });
        return;
      default:
        sendJson(res, 404, { error: 'not_found', message: `No control endpoint ${route}` });
    }
  } catch (error) {
    if (error instanceof InvalidBehaviourError) sendJson(res, 400, { error: 'invalid_request', message: error.message });
    else if (error instanceof BodyTooLargeError) sendJson(res, 413, { error: 'payload_too_large', message: error.message });
    else throw error;
  }
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const text = await readBody(req, BODY_LIMIT);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidBehaviourError('The body must be JSON');
  }
}

function field(body: unknown, name: string): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  if (typeof value !== 'string') throw new InvalidBehaviourError(`${name}: a string is required`);
  return value;
}
