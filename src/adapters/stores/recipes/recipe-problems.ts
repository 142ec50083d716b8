import type { z } from 'zod';
import type { RecipeEntry } from './recipe-files.js';

/** Thrown when recipes are invalid; `problems` has one line per problem, each naming file, store and field. */
export class StoreRecipeError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid store recipes:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'StoreRecipeError';
  }
}

/** `config/stores/bol-nl.json: store bol-nl`; an entry without a usable key is named by its position. */
export function entryLabel(entry: RecipeEntry): string {
  const key = (entry.value as { key?: unknown } | null)?.key;
  if (typeof key === 'string' && key.trim() !== '') return `${entry.file}: store ${key.trim()}`;
  return `${entry.file}: ${entry.index === undefined ? 'store (no key)' : `entry ${entry.index + 1} (no key)`}`;
}

/** One line per zod issue: `label: field.path: message`; an unknown field is named by its own path. */
export function issueLines(label: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => `${label}: ${fieldPath([...issue.path, k])}: unknown field`);
    }
    const path = fieldPath(issue.path);
    return [`${label}: ${path === '' ? '' : `${path}: `}${issue.message}`];
  });
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, part) => (typeof part === 'number' ? `${out}[${part}]` : out === '' ? String(part) : `${out}.${String(part)}`), '');
}
