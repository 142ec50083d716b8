// The `huge` behaviour: the normal product page with an enormous archive of customer reviews before `</body>`,
// streamed in chunks (with back-pressure) until the body is at least the requested size.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { waitForDrain } from './http-responses.js';

const MIB = 1024 * 1024;

let fillerChunk: Buffer | null = null;

/** About 64 KiB of review markup with no prices in it. */
function filler(): Buffer {
  if (fillerChunk) return fillerChunk;
  const reviews: string[] = [];
  let size = 0;
  for (let i = 0; size < 64 * 1024; i++) {
    const review = `<div class="review"><p class="review-stars">${'★'.repeat((i % 5) + 1)}</p><p>Reader review: a thoroughly absorbing book, I read it over one long weekend and have recommended it to everyone in my reading group. The characters stay with you.</p></div>\n`;
    reviews.push(review);
    size += Buffer.byteLength(review);
  }
  fillerChunk = Buffer.from(reviews.join(''), 'utf8');
  return fillerChunk;
}

export async function sendHugePage(req: IncomingMessage, res: ServerResponse, html: string, megabytes: number): Promise<void> {
  const target = Math.ceil(megabytes * MIB);
  const cut = html.lastIndexOf('</body>');
  const head = Buffer.from(`${html.slice(0, cut)}<section class="review-archive">\n`, 'utf8');
  const tail = Buffer.from(`</section>\n${html.slice(cut)}`, 'utf8');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const chunk = filler();
  let written = head.length + tail.length;
  if (!res.write(head) && !(await waitForDrain(res))) return;
  while (written < target) {
    written += chunk.length;
    if (!res.write(chunk) && !(await waitForDrain(res))) return;
  }
  res.end(tail);
}
