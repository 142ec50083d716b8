// Baseline for GET /api/books: the least a Node process must do to answer it. Bare node:http and a pg Pool,
// the same HS256 verification (jsonwebtoken with a KeyObject), the same first-page keyset SQL as
// MikroOrmBookRepository.page(), and a `{data, _links}` body of the same shape and size.
// Env: DATABASE_URL, JWT_SECRET, PORT, HOST (default 127.0.0.1), DB_POOL_MAX (default 10, as the service).
import { createHmac, createSecretKey } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import jwt from 'jsonwebtoken';
import pg from 'pg';

const databaseUrl = process.env.DATABASE_URL;
const secret = process.env.JWT_SECRET;
if (!databaseUrl || !secret) {
  console.error('DATABASE_URL and JWT_SECRET are required');
  process.exit(1);
}
const port = Number(process.env.PORT ?? 3100);
const host = process.env.HOST ?? '127.0.0.1';
const key = createSecretKey(Buffer.from(secret, 'utf8'));
const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_MAX ?? 10) });

// First page of MikroOrmBookRepository.page(): `order by book_id limit per_page + 1`, author ids in position order.
const FIRST_PAGE_SQL = `select b.book_id, b.book_original_title, b.title_search, b.type_id, b.genre_id, b.created_at, b.updated_at,
  array(select ba.author_id from book_author ba where ba.book_id = b.book_id order by ba.position) as author_ids,
  (select e.cover_url from edition e where e.book_id = b.book_id and e.cover_url is not null order by e.edition_id limit 1) as cover_url,
  array(select distinct e.format from edition e where e.book_id = b.book_id) as formats
  from book b order by b.book_id asc limit $1`;
const FORMAT_ORDER = ['hardcover', 'paperback', 'ebook', 'audiobook'];

interface BookRow {
  book_id: string;
  book_original_title: string;
  type_id: string | null;
  genre_id: string | null;
  created_at: Date;
  updated_at: Date;
  author_ids: string[];
  cover_url: string | null;
  formats: string[];
}

// Cursors of the same form as the service's (base64url JSON + truncated HMAC), so `_links` weigh the same.
const filterHash = createHmac('sha256', 'filters').update('').digest('base64url').slice(0, 8);
function cursor(tag: 'a' | 'l', bookId: number, perPage: number): string {
  const body = Buffer.from(JSON.stringify([tag, bookId, perPage, filterHash])).toString('base64url');
  return `${body}.${createHmac('sha256', 'shelfwatch-cursor-v1').update(body).digest('base64url').slice(0, 16)}`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

function authorized(req: IncomingMessage): boolean {
  const match = /^Bearer +(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!match?.[1]) return false;
  try {
    const payload = jwt.verify(match[1], key, { algorithms: ['HS256'], clockTolerance: 30 }) as jwt.JwtPayload;
    return typeof payload.exp === 'number' && typeof payload.sub === 'string' && payload.sub.length > 0;
  } catch {
    return false;
  }
}

async function listBooks(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://baseline');
  if (req.method !== 'GET' || url.pathname !== '/api/books') return send(res, 404, { error: 'not_found', message: 'Nothing here' });
  if (!authorized(req)) return send(res, 401, { error: 'unauthorized', message: 'Bad token' }, { 'www-authenticate': 'Bearer' });
  const perPageText = url.searchParams.get('per_page') ?? '20';
  const perPage = /^\d{1,3}$/.test(perPageText) ? Number(perPageText) : NaN;
  if (!(perPage >= 1 && perPage <= 100)) return send(res, 400, { error: 'validation_failed', message: 'per_page must be from 1 to 100' });

  const { rows } = await pool.query<BookRow>(FIRST_PAGE_SQL, [perPage + 1]);
  const hasMore = rows.length > perPage;
  const page = hasMore ? rows.slice(0, perPage) : rows;
  const data = page.map((row) => ({
    book_id: Number(row.book_id),
    book_original_title: row.book_original_title,
    author_ids: row.author_ids.map(Number),
    type_id: row.type_id === null ? null : Number(row.type_id),
    genre_id: row.genre_id === null ? null : Number(row.genre_id),
    cover_url: row.cover_url,
    formats: FORMAT_ORDER.filter((f) => row.formats.includes(f)),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
  const self = `/api/books?per_page=${perPage}`;
  const last = data[data.length - 1];
  const links: Record<string, { href: string }> = {
    self: { href: self },
    first: { href: self },
    last: { href: hasMore ? `${self}&cursor=${cursor('l', 0, perPage)}` : self },
  };
  if (hasMore && last) links.next = { href: `${self}&cursor=${cursor('a', last.book_id, perPage)}` };
  send(res, 200, { data, _links: links });
}

const server = createServer((req, res) => {
  listBooks(req, res).catch((error: unknown) => {
    console.error('request failed:', error instanceof Error ? error.message : error);
    if (!res.headersSent) send(res, 500, { error: 'internal_error', message: 'An unexpected error occurred' });
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  console.log(`Baseline listening on http://${host}:${port}/api/books`);
});

const shutdown = (): void => {
  server.close();
  server.closeIdleConnections();
  pool.end().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
