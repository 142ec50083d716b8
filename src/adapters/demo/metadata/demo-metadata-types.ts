// The public surface of the demonstration metadata server: what tests, `npm run demo-metadata` and the service use.

export const DEMO_METADATA_SOURCES = ['open-library', 'google-books'] as const;

/** What Open Library's Read API says of an edition's scan; `none`: the edition has no scan. */
export const DEMO_LENDING_STATUSES = ['lendable', 'full access', 'checked out', 'restricted', 'none'] as const;
export type DemoLendingStatus = (typeof DEMO_LENDING_STATUSES)[number];

export type DemoMetadataSource = (typeof DEMO_METADATA_SOURCES)[number];

/** What a service answers instead of its deterministic default, for the requests that ask for the ISBN. */
export type DemoMetadataBehaviour =
  /** The ISBN is left out of the answer (the rest of an Open Library batch is answered). */
  | { kind: 'unknown' }
  /** 5xx (default 503), with Retry-After when given, for the next `times` requests (default: always). */
  | { kind: 'server_error'; status?: number; retryAfterSeconds?: number; times?: number }
  /** 429 with Retry-After for the next `times` requests (default: always). */
  | { kind: 'rate_limited'; retryAfterSeconds: number; times?: number }
  /** The usual answer, `delayMs` late. */
  | { kind: 'slow'; delayMs: number }
  /** 200 with an HTML body, as a captive portal or a proxy's error page would answer. */
  | { kind: 'malformed' };

/** One request a service received, for tests that count or inspect them. */
export interface DemoMetadataRequest {
  source: DemoMetadataSource;
  /** By ISBN (Open Library's /api/books, Google's `q=isbn:`), a search by title and author, or Open Library's Read API (`read`). */
  kind: 'lookup' | 'search' | 'read';
  /** A lookup's ISBN-13s, in request order (10-digit ones converted); empty for a search. */
  isbns: string[];
  /** A search's title and author as sent (Open Library's `title` and `author`, Google's `intitle:` and `inauthor:`
   * terms, each kind joined by a space); null for a lookup. */
  search: { title: string | null; author: string | null } | null;
  /** Open Library's jscmd; null for Google. */
  jscmd: string | null;
  userAgent: string | null;
  /** Google's `key` parameter as received; null when none was sent. */
  apiKey: string | null;
  /** Date.now() on arrival. */
  at: number;
}

export interface DemoMetadataServerOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** When set, Google requests without this `key` are refused with Google's 400 for a bad key. */
  googleApiKey?: string;
}

export interface DemoMetadataServer {
  /** Base URL of both services, e.g. http://127.0.0.1:3101 (no trailing slash). */
  url: string;
  close(): Promise<void>;
  /** Overrides what `source` answers for one ISBN-13 (or every ISBN with '*'); an ISBN's own override wins. */
  set(source: DemoMetadataSource, isbn: string | '*', behaviour: DemoMetadataBehaviour): void;
  /** What Open Library's Read API says of one ISBN-13's scan from now on; null: its deterministic status again. */
  setLending(isbn13: string, status: DemoLendingStatus | null): void;
  /** Removes every override and forgets the requests. */
  reset(): void;
  /** The requests received since the start or the last reset, oldest first. */
  requests(source?: DemoMetadataSource): DemoMetadataRequest[];
}

export function isDemoMetadataSource(value: string): value is DemoMetadataSource {
  return (DEMO_METADATA_SOURCES as readonly string[]).includes(value);
}
