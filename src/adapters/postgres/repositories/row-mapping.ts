// Raw rows come from node-postgres: bigint columns as strings, bigint[] as string arrays.

export type Row = Record<string, unknown>;

export const toId = (value: unknown): number => Number(value);
export const toNullableId = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const toIds = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
/** A bigint[] literal for a `?::bigint[]` parameter (knex would expand a JS array into a list). */
export const bigintArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/** A text[] literal for a `?::text[]` parameter: each element double-quoted with backslash escapes. */
export const textArray = (values: readonly string[]): string =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/** MikroORM's raw execute leaves timestamps as strings. */
export const toDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export function hydrate<T extends object>(cls: new () => T, fields: Partial<T>): T {
  return Object.assign(new cls(), fields);
}
