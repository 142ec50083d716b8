import type { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

const documented = new WeakMap<z.core.$ZodType, JsonSchema>();

/**
 * States how the OpenAPI document describes `schema` when its JSON Schema would say less than the API means: a path or
 * query id arrives as text (so zod sees a patterned string) but is an integer to every client. Validation is
 * untouched; only the document changes. Returns `schema` itself.
 */
export function documentAs<T extends z.ZodType>(schema: T, jsonSchema: JsonSchema): T {
  documented.set(schema, jsonSchema);
  return schema;
}

/** The JSON Schema `documentAs` set for `schema`, if any. */
export function documentedSchemaOf(schema: z.core.$ZodType): JsonSchema | undefined {
  return documented.get(schema);
}
