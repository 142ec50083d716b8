import type { z } from 'zod';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** Internal id of the authenticated user; null on public routes. */
  userId: number | null;
  /** Root-relative path of this request without its query, for building links. */
  path: string;
  /** Aborted when the service starts stopping: a long handler stops at a safe point and says so. */
  stopping: AbortSignal;
}

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
}

/** The error statuses that depend on what a route does, not on its shape: see `RouteSpec.errors`. */
export type RouteErrorStatus = 404 | 409 | 429 | 503;

/**
 * One endpoint, declared once: the same schemas validate the request and generate the OpenAPI document,
 * so the two cannot drift.
 */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  method: HttpMethod;
  /** Express-style path relative to /api, e.g. `/books/:id`. */
  path: string;
  summary: string;
  tag: string;
  /** `jwtWhen`: the route is public unless the predicate on the raw path parameters says otherwise. */
  auth: 'jwt' | 'none' | { jwtWhen: (params: Record<string, string>) => boolean };
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** A file upload (text/csv or multipart `file`, 5 MiB): the handler receives the bytes as `body`. */
  upload?: { description: string };
  responses: Record<number, ResponseSpec>;
  /**
   * The error answers this route gives because of what it does, each with its cause: 404 (what is not found), 409,
   * 429, and a 503 beyond the database's. The OpenAPI document adds the ones that follow from the route's shape:
   * 400 (anything to validate), 401 (a JWT), 413 and 415 (a body), 503 (the database), and 405 for missing methods.
   */
  errors?: Partial<Record<RouteErrorStatus, string>>;
  /** `false` for a route that answers from memory (settings): no 503 for an unavailable database is declared. */
  usesDatabase?: boolean;
  handle(input: RouteInput<P, Q, B>): Promise<HttpResult>;
}

/** Keeps each spec's own type parameters while collecting specs in one array. */
export function route<P, Q, B>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}
