import { createReadStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type TarEvent, TarReader } from './tar.js';

/**
 * Reads a gzip-compressed tar file (a backup, an export) and hands its events to `onEvent` in order, awaiting each.
 * Resolves once the whole file was read and handled. On a failure it first waits for the handling to stop (so a
 * caller's clean-up never races a file still being written), then rejects with the error that caused it: pipeline
 * reports the streams it tears down ("The operation was aborted") rather than the handler's own error, and when
 * another stream failed first (a cut file), the handler only says it was torn down.
 */
export async function readGzipTar(
  file: string,
  onEvent: (event: TarEvent) => Promise<void>,
  options: { signal?: AbortSignal; onBytesRead?: (bytes: number) => void } = {},
): Promise<void> {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      options.onBytesRead?.(chunk.length);
      done(null, chunk);
    },
  });
  const tar = new TarReader();
  let failure: unknown = null;
  let handling: Promise<void> = Promise.resolve();
  try {
    await pipeline(
      createReadStream(file),
      counter,
      createGunzip(),
      (chunks: AsyncIterable<Buffer>) =>
        (handling = (async () => {
          try {
            for await (const chunk of chunks) {
              for (const event of tar.write(chunk)) await onEvent(event);
            }
            tar.end();
          } catch (error) {
            if (!isTeardown(error)) failure = error;
            throw error;
          }
        })()),
      { signal: options.signal },
    );
  } catch (error) {
    await handling.catch(() => undefined);
    throw failure ?? error;
  }
}

/** What a stream says when pipeline destroys it because another one failed. */
function isTeardown(error: unknown): boolean {
  const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
  return name === 'AbortError' || code === 'ABORT_ERR' || code === 'ERR_STREAM_PREMATURE_CLOSE';
}
