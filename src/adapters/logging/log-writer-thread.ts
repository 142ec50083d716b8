// The worker thread of ThreadLogWriter: writes the API's log batches with COPY on its own connection.
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { serveRequests } from '../kits/threads/serve-requests.js';
import { LogBatchRefused, refusalOf, toThreadError } from './log-batch-refused.js';
import { copyLogRows, logCopyText } from './log-insert.js';
import type { LogWriteRequest, LogWriterThreadData } from './thread-log-writer.js';

const { databaseUrl, connectTimeoutMs, applicationName } = workerData as LogWriterThreadData;
// One connection: a second batch in flight is prepared here while the first is written.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: connectTimeoutMs, application_name: applicationName });
// A connection lost while idle: the next batch opens a new one.
pool.on('error', () => undefined);
// Lost while a batch is written: the COPY fails with the error (and the connection is dropped below); the pool only
// listens while the connection is idle, and an error event nobody listens to would end the thread.
pool.on('connect', (client) => client.on('error', () => undefined));

serveRequests(async (request: LogWriteRequest) => {
  try {
    const copyText = 'copyText' in request ? request.copyText : logCopyText(request.events);
    const client = await pool.connect();
    try {
      await copyLogRows(client, copyText);
      client.release();
    } catch (error) {
      // After a refused row the server is ready for the next statement; after anything else the connection is dropped.
      client.release(refusalOf(error) instanceof LogBatchRefused ? undefined : error instanceof Error ? error : true);
      throw error;
    }
  } catch (error) {
    // Only the message goes back: a refusal of the batch's content is marked in it, so the buffer can split the batch.
    throw toThreadError(error);
  }
  return null;
});
