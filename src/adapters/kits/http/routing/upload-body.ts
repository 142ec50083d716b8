import busboy from 'busboy';
import express, { type RequestHandler } from 'express';
import { HttpProblem } from '../errors/http-problem.js';

export const UPLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
const CSV_TYPES = ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'];

const rawCsv = express.raw({ type: CSV_TYPES, limit: UPLOAD_LIMIT_BYTES });
const tooLarge = (): HttpProblem => new HttpProblem('payload_too_large', `The file is larger than ${UPLOAD_LIMIT_BYTES / 1024 / 1024} MiB`);

/**
 * Reads a file upload into `req.body` as bytes: a CSV body as is, or the `file` field of multipart/form-data.
 * Over 5 MiB is 413; any other media type is 415.
 */
export const uploadBody: RequestHandler = (req, res, next) => {
  if (req.is(CSV_TYPES)) {
    rawCsv(req, res, (error?: unknown) => {
      if (error) return next(error);
      req.body = req.body instanceof Buffer ? bytesOf(req.body) : new Uint8Array();
      next();
    });
    return;
  }
  if (req.is('multipart/form-data')) {
    readMultipartFile(req).then((bytes) => {
      req.body = bytes;
      next();
    }, next);
    return;
  }
  next(new HttpProblem('unsupported_media_type', 'Send the file as text/csv, or as the field "file" of multipart/form-data'));
};

function readMultipartFile(req: express.Request): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // busboy signals its limit when a file reaches it; "at most 5 MiB" means the limit fires past it. Other file parts are drained.
      parser = busboy({ headers: req.headers, limits: { fileSize: UPLOAD_LIMIT_BYTES + 1, files: 10 } });
    } catch {
      reject(new HttpProblem('validation_failed', 'The multipart body is malformed'));
      return;
    }
    let file: Uint8Array | null = null;
    let failed = false;
    const fail = (problem: HttpProblem): void => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(problem);
    };
    parser.on('file', (field, stream) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => {
        if (!failed) file = bytesOf(Buffer.concat(chunks));
      });
    });
    parser.on('error', () => fail(new HttpProblem('validation_failed', 'The multipart body is malformed')));
    parser.on('close', () => {
      if (failed) return;
      if (file === null) reject(new HttpProblem('validation_failed', 'The multipart body has no "file" field', {}, [{ field: 'file', message: 'required' }]));
      else resolve(file);
    });
    req.pipe(parser);
  });
}

/** The buffer's bytes as a plain Uint8Array view: no copy of a file of up to 5 MiB. */
function bytesOf(buffer: Buffer): Uint8Array {
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}
