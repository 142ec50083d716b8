// The one way the UI talks to the service: JSON over `/api` with the JWT; errors become ApiError.
import { forgetSignIn, goToSignIn } from './session.js';
import { currentToken, renewToken } from './token-renewal.js';

export interface FieldProblem {
  field: string;
  message: string;
}

export interface Link {
  href: string;
}

export interface Links {
  self: Link;
  first: Link;
  last: Link;
  prev?: Link;
  next?: Link;
}

/** Every paginated list endpoint answers this shape, so one view renders them all. */
export interface Page<T> {
  data: T[];
  _links: Links;
}

/** The API's error body `{error, message, details?}`, with the status and Retry-After. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    readonly details: FieldProblem[] = [],
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  body?: unknown;
  /** A raw body (a CSV file) with its media type instead of JSON. */
  raw?: { data: Blob | string; contentType: string };
  /** `false`: a public route (the shared list), no Authorization header. */
  auth?: boolean;
  /** `throw`: a 401 is the caller's business (the sign-in page checks a pasted token); default: back to sign-in. */
  onUnauthorized?: 'redirect' | 'throw';
  /** A token to use instead of the stored one (the sign-in page's check). */
  token?: string;
}

export async function api<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token ?? (options.auth !== false ? await currentToken() : null);
  if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.raw) {
    body = options.raw.data;
    headers['Content-Type'] = options.raw.contentType;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  let response = await send(url, { method, headers, body });
  if (response.status === 401 && options.auth !== false && options.onUnauthorized !== 'throw') {
    // An OpenID Connect sign-in renews itself once with its refresh token; anything else means signing in again.
    const renewed = options.token === undefined ? await renewToken(token) : null;
    if (renewed) response = await send(url, { method, headers: { ...headers, Authorization: `Bearer ${renewed}` }, body });
    if (response.status === 401) {
      forgetSignIn();
      throw goToSignIn('expired');
    }
  }
  const parsed = await readJson(response);
  if (!response.ok) throw toApiError(response, parsed);
  return parsed as T;
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch {
    throw new ApiError(0, 'network_error', 'The service cannot be reached. Check your connection and try again.');
  }
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  return parseJsonText(await response.text());
}

/** A body's JSON, or undefined when it is empty or not JSON (a proxy's HTML error page). */
export function parseJsonText(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  return apiErrorOf({ status: response.status, statusText: response.statusText, retryAfter: response.headers.get('Retry-After') }, body);
}

/** What a failed answer says, from its status and Retry-After and the API's error body `{error, message, details?}`. */
export function apiErrorOf(answer: { status: number; statusText: string; retryAfter: string | null }, body: unknown): ApiError {
  const retryAfter = Number(answer.retryAfter);
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null;
  if (typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string') {
    const b = body as { error: string; message?: unknown; details?: unknown };
    const details = Array.isArray(b.details) ? (b.details as FieldProblem[]) : [];
    return new ApiError(answer.status, b.error, typeof b.message === 'string' ? b.message : b.error, details, retryAfterSeconds);
  }
  return new ApiError(answer.status, 'http_error', `The service answered ${answer.status} ${answer.statusText}`.trim(), [], retryAfterSeconds);
}

/**
 * Every item of a collection, by following `next` from the entry URL (never by building a cursor). Bounded, so a
 * huge collection cannot hang a page; `truncated` says when the bound was hit.
 */
export async function collectAll<T>(entryUrl: string, maxPages = 20): Promise<{ items: T[]; truncated: boolean }> {
  const items: T[] = [];
  let url: string | undefined = entryUrl;
  for (let pages = 0; url !== undefined; pages++) {
    if (pages === maxPages) return { items, truncated: true };
    const page: Page<T> = await api<Page<T>>('GET', url);
    items.push(...page.data);
    url = page._links.next?.href;
  }
  return { items, truncated: false };
}
