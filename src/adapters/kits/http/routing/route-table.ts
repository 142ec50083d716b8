import type { RouteSpec } from './route-spec.js';

/** A spec found for a request, with its path parameters decoded. */
export interface RouteMatch {
  spec: RouteSpec;
  params: Record<string, string>;
}

type Part = { literal: string } | { param: string };

interface Entry {
  spec: RouteSpec;
  parts: Part[];
}

/**
 * A path the table reads exactly as Express's router would: slash-separated, non-empty segments of URL characters.
 * Anything else (an empty or trailing segment, spaces, `#`, backslashes) is left to Express, which has its own rules
 * for it.
 */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9._~!$&'()*+,;=:@%-]+)+$/;

/**
 * The routes by method and segment count, matched without regular expressions: the same pick as Express's router
 * (mounted case-sensitive) for the paths it answers, the first spec in declaration order whose method and path fit.
 * `match` says null for whatever it does not answer exactly like Express (HEAD, another method, an unknown path, a
 * parameter that does not decode), so the caller hands that request to Express.
 */
export class RouteTable {
  private readonly entries = new Map<string, Entry[]>();

  constructor(specs: readonly RouteSpec[]) {
    for (const spec of specs) {
      const parts: Part[] = spec.path
        .split('/')
        .slice(1)
        .map((segment) => (segment.startsWith(':') ? { param: segment.slice(1) } : { literal: segment }));
      const key = keyOf(spec.method.toUpperCase(), parts.length);
      const list = this.entries.get(key) ?? [];
      list.push({ spec, parts });
      this.entries.set(key, list);
    }
  }

  /** `path` relative to the routes' mount (`/books/12`), without its query. */
  match(method: string | undefined, path: string): RouteMatch | null {
    if (method === undefined || !PLAIN_PATH.test(path)) return null;
    const segments = path.split('/').slice(1);
    const candidates = this.entries.get(keyOf(method, segments.length));
    if (candidates === undefined) return null;
    for (const { spec, parts } of candidates) {
      const params = paramsOf(parts, segments);
      if (params === undefined) continue;
      return params === null ? null : { spec, params };
    }
    return null;
  }
}

const keyOf = (method: string, segments: number): string => `${method} ${segments}`;

/** The parameters when every segment fits; undefined when one does not; null when a parameter cannot be decoded. */
function paramsOf(parts: readonly Part[], segments: readonly string[]): Record<string, string> | null | undefined {
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const segment = segments[i]!;
    if ('literal' in part) {
      if (part.literal !== segment) return undefined;
      continue;
    }
    const value = decoded(segment);
    if (value === null) return null;
    params[part.param] = value;
  }
  return params;
}

/** As the router decodes a parameter; null where it would answer 400 (left to it). */
function decoded(segment: string): string | null {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
