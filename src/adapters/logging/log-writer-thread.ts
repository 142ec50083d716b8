// The worker thread of ThreadLogWriter: writes the API's log batches on its own connection.
import { workerData } from 'node:worker_threads';
import pg from 'pg';
import { serveRequests } from '../kits/threads/serve-requests.js';
import { toThreadError } from './log-batch-refused.js';
import { LOG_INSERT_SQL, logRowsText } from './log-insert.js';
import type { LogWriteRequest, LogWriterThreadData } from './thread-log-writer.js';

const { databaseUrl, connectTimeoutMs, applicationName } = workerData as LogWriterThreadData;
// One connection: a second batch in flight is prepared here while the first is written.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, connectionTimeoutMillis: connectTimeoutMs, application_name: applicationName });
// A connection lost while idle: the next batch opens a new one.
pool.on('error', () => undefined);

serveRequests(async (request: LogWriteRequest) => {
  try {
    await pool.query(LOG_INSERT_SQL, ['rowsText' in request ? request.rowsText : logRowsText(request.events)]);
  } catch (error) {
    // Only the message goes back: a refusal of the batch's content is marked in it, so the buffer can split the batch.
    throw toThreadError(error);
  }
  return null;
});
