// The worker thread of ExtractionThreads: reads prices from pages handed over by the main thread.
import { parentPort } from 'node:worker_threads';
import { extractPrice } from './extraction/extract-price.js';
import type { ExtractionRequest, ExtractionReply } from './extraction-threads.js';

if (!parentPort) throw new Error('extraction-worker runs as a worker thread');
const port = parentPort;
port.on('message', (request: ExtractionRequest) => {
  let reply: ExtractionReply;
  try {
    reply = { id: request.id, result: extractPrice(request.html, request.pageUrl, request.config) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
