import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { chooseEncoding, type Encoding } from '../kits/http/accept-encoding.js';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Content-hashed URLs never change content: browsers keep them a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Documents at fixed URLs (the pages, the unhashed asset URLs) are revalidated every time: an ETag makes that a 304. */
export const REVALIDATE = 'no-cache';

/**
 * One static document (a page, a bundle, the style sheet) in every encoding it is served in, compressed once at
 * start-up: the documents never change while the process runs, so no request pays for compression.
 */
export interface StaticDocument {
  contentType: string;
  /** The first 12 characters of the content's SHA-256 (base64url), for content-hashed URLs and ETags. */
  hash: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
}

/** A document's compressed forms, as `compress` makes them (and `npm run build` stores beside the prebuilt bundles). */
export interface Compressed {
  br: Buffer;
  gzip: Buffer;
}

/** Brotli at its best quality and gzip at level 9: done once per document, so the smallest bodies win. */
export async function compress(identity: Buffer): Promise<Compressed> {
  // zlib's asynchronous calls run on libuv's thread pool, so the documents are compressed side by side.
  const [br, gzip] = await Promise.all([
    brotli(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzipped(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip };
}

/** A document ready to serve; `compressed` when they were made already (prebuilt bundles), else compressed here. */
export async function prepareDocument(contentType: string, text: string, compressed?: Compressed): Promise<StaticDocument> {
  const identity = Buffer.from(text, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 12);
  const { br, gzip } = compressed ?? (await compress(identity));
  const bodies: StaticDocument['bodies'] = { identity };
  // An encoding that saves nothing (a tiny document) is not offered.
  if (br.length < identity.length) bodies.br = br;
  if (gzip.length < identity.length) bodies.gzip = gzip;
  return { contentType, hash, bodies };
}

/** A strong ETag per representation: the compressed bodies are other bytes than the plain one. */
const etagOf = (doc: StaticDocument, encoding: Encoding): string => `"${doc.hash}${encoding === 'identity' ? '' : `-${encoding}`}"`;

/** Whether If-None-Match names the representation's ETag (weak comparison, as RFC 9110 asks for this header). */
function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Answers a GET or HEAD with the document in the best encoding the client accepts, `Vary: Accept-Encoding`, a strong
 * ETag and `cacheControl`; 304 without a body when If-None-Match names that ETag.
 */
export function sendDocument(req: Request, res: Response, doc: StaticDocument, headers: Record<string, string>, cacheControl: string): void {
  const encoding = chooseEncoding(req.get('accept-encoding'), Object.keys(doc.bodies) as Encoding[]);
  const etag = etagOf(doc, encoding);
  res.set({ ...headers, 'Cache-Control': cacheControl, ETag: etag, Vary: 'Accept-Encoding' });
  if (notModified(req.get('if-none-match'), etag)) {
    res.status(304).end();
    return;
  }
  const body = doc.bodies[encoding] ?? doc.bodies.identity;
  res.set({ 'Content-Type': doc.contentType, 'Content-Length': String(body.length) });
  if (encoding !== 'identity') res.set('Content-Encoding', encoding);
  // Node sends no body for HEAD by itself.
  res.status(200).end(body);
}
