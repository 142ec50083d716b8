import type { z } from 'zod';
import { ValidationError, type FieldProblem } from '../../../domain/shared/domain-error.js';

/** Turns a zod path into a JSON path: `author_ids[1]`, `max_price.amount`. */
function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((acc, segment) => {
    if (typeof segment === 'number') return `${acc}[${segment}]`;
    return acc === '' ? String(segment) : `${acc}.${String(segment)}`;
  }, '');
}

export function problemsOf(error: z.ZodError, root: string): FieldProblem[] {
  return error.issues.flatMap((issue) => {
    const base = jsonPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: base ? `${base}.${key}` : key, message: 'unknown field' }));
    }
    return [{ field: base || root, message: issue.message }];
  });
}

/** Parses one part of a request (params, query or body) or throws a 400 naming every bad field. */
export function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown, part: 'params' | 'query' | 'body'): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const problems = problemsOf(result.error, part);
  const summary = problems.map((p) => `${p.field}: ${p.message}`).join('; ');
  throw new ValidationError(`Invalid request ${part}: ${summary}`.slice(0, 500), problems);
}
