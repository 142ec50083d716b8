// fast-check arbitraries from the OpenAPI document's JSON Schemas: values that fit a schema, and values that do not
// (wrong types, out of range, hostile text), for the fuzz of every route.
import fc from 'fast-check';

export type Schema = Record<string, any>;

/** Text that has broken services before: control characters, lone surrogates, long runs, markup, SQL, paths. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', '\udfff', 'x\ud83d', '%00', '../../etc/passwd', "' or 1=1 --", '<script>x</script>', '${7*7}', '\u202e', '١٢٣', '9'.repeat(400), 'NaN', '-0', '1e309'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 3000 }).map((s) => s.repeat(2)),
);

/** Any JSON-ish value, nested a little, for "wrong type" mutations. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true }),
  hostileText,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** Resolves `$ref`s into the document's components. */
export function resolve(schema: Schema | undefined, doc: Schema): Schema {
  let current = schema ?? {};
  for (let depth = 0; typeof current.$ref === 'string' && depth < 20; depth++) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<any>((node, key) => node?.[key], doc) ?? {};
  }
  return current;
}

/** Values the schema accepts (as far as its keywords tell), nested at most `depth` levels. */
export function fitting(schemaIn: Schema | undefined, doc: Schema, depth = 3): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn, doc);
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && variants.length > 0) return fc.oneof(...variants.map((v) => fitting(v, doc, depth)));
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.includes('null') && type.length > 1) {
    return fc.oneof(fc.constant(null), fitting({ ...schema, type: type.filter((t: string) => t !== 'null') }, doc, depth));
  }
  switch (type[0]) {
    case 'string':
      if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 60) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: Math.min(schema.maximum ?? 1_000_000, 2 ** 31) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      if (depth <= 0) return fc.constant([]);
      return fc.array(fitting(schema.items, doc, depth - 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 5) });
    case 'object': {
      if (depth <= 0) return fc.constant({});
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set<string>(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = fitting(property, doc, depth - 1);
      return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
    }
    default:
      return anyJson;
  }
}

/** Values the schema may refuse: the fitting ones with one part broken, or anything at all. */
export function breaking(schemaIn: Schema | undefined, doc: Schema): fc.Arbitrary<unknown> {
  const schema = resolve(schemaIn, doc);
  const properties = Object.keys((schema.properties ?? {}) as Record<string, Schema>);
  const brokenField =
    properties.length > 0
      ? fc.tuple(fitting(schema, doc), fc.constantFrom(...properties), anyJson).map(([value, key, bad]) => ({ ...(value as object), [key]: bad }))
      : anyJson;
  return fc.oneof(brokenField, anyJson, fc.dictionary(hostileText, anyJson, { maxKeys: 4 }));
}
