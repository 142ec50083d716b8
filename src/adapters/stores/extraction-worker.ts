// The worker thread of ExtractionThreads: reads prices from pages handed over by the main thread.
import { serveRequests } from '../kits/threads/serve-requests.js';
import { explainPrice } from './extraction/extract-price.js';
import type { ExtractionRequest } from './extraction-threads.js';

serveRequests((request: ExtractionRequest) => explainPrice(request.html, request.pageUrl, request.config));
