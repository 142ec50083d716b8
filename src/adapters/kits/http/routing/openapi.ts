import { z } from 'zod';
import { ErrorSchema } from './common-schemas.js';
import { documentedSchemaOf, type JsonSchema } from './documented-as.js';
import type { HttpMethod, RouteSpec } from './route-spec.js';

/** The methods a path can be documented with; a path answers those it has no route for with 405. */
const DOCUMENTED_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

const ERROR_CONTENT = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };

const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } };

/** Metadata a `documentAs` replacement keeps from the schema it replaces. */
const KEPT_ANNOTATIONS = ['title', 'description', 'default', 'examples', 'deprecated'];

/**
 * Turns zod schemas into OpenAPI 3.1 schema objects. A schema zod puts under `$defs` (a recursive one, named by
 * `.meta({ id })`) moves to `components/schemas` and its references follow it: inside an OpenAPI document a `#/...`
 * reference is resolved against the document, so a `$defs` left inside a schema object would be unreachable.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};
  /** The serialized form of each hoisted schema, to tell the same schema met twice from two sharing one id. */
  private readonly hoisted = new Map<string, string>();

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const generated = z.toJSONSchema(schema, {
      io,
      unrepresentable: 'any',
      override: ({ zodSchema, jsonSchema }) => replaceDocumented(zodSchema, jsonSchema),
    }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = generated;
    const defs = ($defs ?? {}) as Record<string, JsonSchema>;
    const targets = new Map<string, string>();
    for (const name of Object.keys(defs)) {
      if (name.startsWith('__')) throw new Error(`A recursive schema needs a name in components/schemas: give it .meta({ id }) (zod called it ${name})`);
      targets.set(`#/$defs/${name}`, `#/components/schemas/${name}`);
    }
    for (const [name, def] of Object.entries(defs)) this.hoist(name, rewriteRefs(def, targets) as JsonSchema);
    return rewriteRefs(rest, targets) as JsonSchema;
  }

  /** Adds a named schema to components/schemas, which must not yet hold a different schema under that name. */
  hoist(name: string, schema: JsonSchema): void {
    const text = JSON.stringify(schema);
    const existing = this.hoisted.get(name);
    if (existing !== undefined && existing !== text) throw new Error(`Two different schemas are named ${name} in components/schemas`);
    this.hoisted.set(name, text);
    this.components[name] = schema;
  }
}

/** Puts the JSON Schema that `documentAs` set for the schema (or the schema it was cloned from) in place of zod's. */
function replaceDocumented(schema: z.core.$ZodType, jsonSchema: JsonSchema): void {
  let documented: JsonSchema | undefined;
  for (let current: z.core.$ZodType | undefined = schema; current && !documented; current = current._zod.parent) {
    documented = documentedSchemaOf(current);
  }
  if (!documented) return;
  const kept = Object.fromEntries(KEPT_ANNOTATIONS.filter((key) => key in jsonSchema).map((key) => [key, jsonSchema[key]]));
  for (const key of Object.keys(jsonSchema)) delete jsonSchema[key];
  Object.assign(jsonSchema, structuredClone(documented), kept);
}

/** A copy of `value` with every `$ref` mapped through `targets`; any other local reference is an error. */
function rewriteRefs(value: unknown, targets: ReadonlyMap<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, targets));
  if (value === null || typeof value !== 'object') return value;
  const copy: JsonSchema = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '$ref' && typeof item === 'string') {
      const target = targets.get(item);
      if (target === undefined && !item.startsWith('#/components/')) {
        throw new Error(`A generated schema refers to ${item}, which the document would not hold: name the recursive schema with .meta({ id })`);
      }
      copy[key] = target ?? item;
    } else {
      copy[key] = rewriteRefs(item, targets);
    }
  }
  return copy;
}

const openApiPathOf = (path: string): string => `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;

const operationIdOf = (method: string, openApiPath: string): string =>
  `${method}${openApiPath.replace(/[^A-Za-z]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** Whether an Express-style path (`/editions/:id`) matches a concrete one, segment by segment. */
function pathMatches(pattern: string, concrete: string): boolean {
  const want = pattern.split('/');
  const have = concrete.split('/');
  return want.length === have.length && want.every((segment, i) => (segment.startsWith(':') ? have[i] !== '' : segment === have[i]));
}

function errorResponse(description: string, headers?: Record<string, unknown>): JsonSchema {
  return { description, ...(headers ? { headers } : {}), content: ERROR_CONTENT };
}

/**
 * The error answers of one route: those that follow from its shape, and those its spec declares (`errors`). Each is
 * a status the route really gives; the integration tests exercise every one of them, route by route.
 */
function errorResponses(spec: RouteSpec): Record<number, JsonSchema> {
  const responses: Record<number, JsonSchema> = {};
  const body = spec.body !== undefined || spec.upload !== undefined;
  if (spec.params || spec.query || body) {
    const paginated = spec.query instanceof z.ZodObject && 'cursor' in spec.query.shape;
    responses[400] = errorResponse(
      `Validation failed: \`details\` names each bad field${paginated ? '; or the cursor is not one this API issued' : ''}`,
    );
  }
  if (spec.auth !== 'none') {
    responses[401] = errorResponse(
      spec.auth === 'jwt' ? 'Missing or invalid JWT' : 'Missing or invalid JWT where one is needed',
      { 'WWW-Authenticate': { description: 'Always `Bearer`', schema: { type: 'string' } } },
    );
  }
  if (spec.errors?.[404]) responses[404] = errorResponse(spec.errors[404]);
  if (spec.errors?.[409]) responses[409] = errorResponse(spec.errors[409]);
  if (body) {
    responses[413] = errorResponse(spec.upload ? 'The file is larger than 5 MiB' : 'The JSON body is larger than 1 MiB');
    responses[415] = errorResponse(spec.upload ? 'The body is neither text/csv nor multipart/form-data' : 'The body is not application/json');
  }
  if (spec.errors?.[429]) responses[429] = errorResponse(spec.errors[429], { 'Retry-After': RETRY_AFTER });
  const unavailable = [spec.usesDatabase === false ? null : 'The database is unavailable', spec.errors?.[503]].filter(Boolean).join('; or ');
  if (unavailable !== '') responses[503] = errorResponse(unavailable, { 'Retry-After': RETRY_AFTER });
  return responses;
}

function methodNotAllowed(method: HttpMethod, openApiPath: string, allowed: readonly string[], tag: string, pathParameters: unknown[]): JsonSchema {
  return {
    operationId: operationIdOf(method, openApiPath),
    summary: `Not allowed: this path answers ${allowed.join(', ')}`,
    tags: [tag],
    security: [],
    ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
    responses: {
      405: errorResponse(`${method.toUpperCase()} is not allowed here`, {
        Allow: { description: 'The methods this path answers', schema: { type: 'string', const: allowed.join(', ') } },
      }),
    },
  };
}

/**
 * The OpenAPI 3.1 document, generated from the very schemas that validate requests. Every operation declares
 * exactly the statuses its route answers, and each path declares the methods it refuses (405 with `Allow`).
 */
export function openApiDocument(specs: readonly RouteSpec[], info: { title: string; version: string }): JsonSchema {
  const schemas = new SchemaConverter();
  schemas.hoist('Error', schemas.convert(ErrorSchema, 'output'));
  const paths: Record<string, Record<string, unknown>> = {
    '/api/openapi.json': {
      get: {
        operationId: 'getApiOpenapiJson',
        summary: 'This document',
        tags: ['meta'],
        security: [],
        responses: { 200: { description: 'The OpenAPI 3.1 document', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  };
  for (const spec of specs) {
    const openApiPath = openApiPathOf(spec.path);
    const parameters: unknown[] = [];
    for (const [location, schema] of [['path', spec.params], ['query', spec.query]] as const) {
      if (!schema) continue;
      const objectSchema = schemas.convert(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, property] of Object.entries(objectSchema.properties ?? {})) {
        const { description, ...parameterSchema } = property;
        parameters.push({
          name,
          in: location,
          required: location === 'path' || (objectSchema.required ?? []).includes(name),
          ...(description ? { description } : {}),
          schema: parameterSchema,
        });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(spec.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { 'application/json': { schema: schemas.convert(response.schema, 'output') } } } : {}),
      };
    }
    for (const [status, response] of Object.entries(errorResponses(spec))) responses[status] ??= response;
    paths[openApiPath] ??= {};
    paths[openApiPath][spec.method] = {
      operationId: operationIdOf(spec.method, openApiPath),
      summary: spec.summary,
      tags: [spec.tag],
      security: spec.auth === 'jwt' ? [{ bearerAuth: [] }] : spec.auth === 'none' ? [] : [{ bearerAuth: [] }, {}],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemas.convert(spec.body, 'input') } } } } : {}),
      ...(spec.upload
        ? {
            requestBody: {
              required: true,
              description: spec.upload.description,
              content: {
                'text/csv': { schema: { type: 'string', contentMediaType: 'text/csv' } },
                'multipart/form-data': {
                  schema: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv' } }, required: ['file'] },
                },
              },
            },
          }
        : {}),
      responses,
    };
  }
  addMethodNotAllowed(paths, specs);
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: schemas.components,
    },
  };
}

/**
 * Each documented path answers a method it has no route for with 405 and `Allow` (HEAD goes with GET). A method
 * another route takes on the same URL (`GET /api/editions/lookup` is `GET /api/editions/{id}`) is not declared here.
 */
function addMethodNotAllowed(paths: Record<string, Record<string, unknown>>, specs: readonly RouteSpec[]): void {
  const routes = [{ method: 'get', path: '/openapi.json', tag: 'meta' }, ...specs];
  const byPath = new Map<string, { methods: string[]; tag: string }>();
  for (const { method, path, tag } of routes) {
    const entry = byPath.get(path) ?? { methods: [], tag };
    entry.methods.push(method);
    byPath.set(path, entry);
  }
  for (const [path, { methods, tag }] of byPath) {
    const allowed = methods.flatMap((m) => (m === 'get' ? ['GET', 'HEAD'] : [m.toUpperCase()]));
    const concrete = path.replace(/:[A-Za-z_]+/g, '1');
    const item = paths[openApiPathOf(path)]!;
    // Every operation declares the path's parameters (OpenAPI requires it); a refused one takes them from an allowed one.
    const pathParameters = ((item[methods[0]!] as { parameters?: Array<{ in: string }> }).parameters ?? []).filter((p) => p.in === 'path');
    for (const method of DOCUMENTED_METHODS) {
      if (methods.includes(method)) continue;
      if (routes.some((r) => r.method === method && pathMatches(r.path, concrete))) continue;
      item[method] = methodNotAllowed(method, openApiPathOf(path), allowed, tag, pathParameters);
    }
    // Keeps each path's operations in one order: get, put, post, delete, patch.
    const ordered = Object.fromEntries(DOCUMENTED_METHODS.filter((m) => m in item).map((m) => [m, item[m]]));
    for (const key of Object.keys(item)) delete item[key];
    Object.assign(item, ordered);
  }
}
