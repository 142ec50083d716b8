/**
 * The table refused a batch for what it holds (a value jsonb or timestamptz cannot take), not for being out of
 * reach: its halves may still be written, so the buffer splits it until only the refused events are left.
 */
export class LogBatchRefused extends Error {
  override readonly name = 'LogBatchRefused';
}

/**
 * SQLSTATE classes about the statement's data, not the server: 22 data exception (a lone surrogate in jsonb, a time
 * out of range), 23 integrity constraint, 54 program limit exceeded (a value too large or too deep). A connection
 * error has none of these, so an unreachable database never makes the buffer split (and retry) a batch.
 */
const CONTENT_SQLSTATE = /^(22|23|54)[0-9A-Z]{3}$/;

/** `error` as a LogBatchRefused when it is about the batch's content, else `error` itself. */
export function refusalOf(error: unknown): unknown {
  if (error instanceof LogBatchRefused) return error;
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && CONTENT_SQLSTATE.test(code) ? new LogBatchRefused(messageOf(error)) : error;
}

/** Only an error's message crosses from the writer thread (`serveRequests`): a refusal is marked in it. */
const THREAD_MARK = 'log batch refused: ';

/** In the writer thread: the error to throw back to the caller. */
export function toThreadError(error: unknown): Error {
  const refusal = refusalOf(error);
  if (refusal instanceof LogBatchRefused) return new Error(`${THREAD_MARK}${refusal.message}`);
  return error instanceof Error ? error : new Error(messageOf(error));
}

/** In the caller: a marked error from the thread as a LogBatchRefused again. */
export function fromThreadError(error: unknown): unknown {
  const message = error instanceof Error ? error.message : '';
  return message.startsWith(THREAD_MARK) ? new LogBatchRefused(message.slice(THREAD_MARK.length)) : error;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
