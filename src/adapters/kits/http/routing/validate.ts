import type { z } from 'zod';
import { ValidationError, type FieldProblem } from '../../../../domain/shared/domain-error.js';
import { unfitText } from '../../../../domain/logging/log-text.js';

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

/**
 * PostgreSQL text cannot hold U+0000; a body that carries one is refused up front, naming the field.
 * Iterative, so a deeply nested body cannot overflow the stack.
 */
export function rejectNulCharacters(body: unknown): void {
  rejectTextWhere(body, (text) => (text.includes('\u0000') ? 'must not contain U+0000' : null));
}

/**
 * Text the database can store as given: no U+0000 and no lone UTF-16 surrogate (PostgreSQL would keep U+FFFD in its
 * place, so the answer would echo what was not stored). Refused up front, naming the field.
 */
export function rejectUnstorableText(body: unknown): void {
  rejectTextWhere(body, unfitText);
}

function rejectTextWhere(body: unknown, problemOf: (text: string) => string | null): void {
  const pending: Array<[value: unknown, path: string]> = [[body, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem !== null) throw new ValidationError(`Text ${problem}`, [{ field: path || 'body', message: problem }]);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => pending.push([item, `${path}[${i}]`]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        pending.push([key, path || 'body'], [item, path ? `${path}.${key}` : key]);
      }
    }
  }
}
