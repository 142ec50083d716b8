import { z } from 'zod';
import { ErrorSchema } from './common-schemas.js';
import type { RouteSpec } from './route-spec.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'Validation failed or invalid cursor',
  401: 'Missing or invalid JWT',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Rate limited',
  503: 'Database unavailable',
};

/** The OpenAPI 3.1 document, generated from the very schemas that validate requests. */
export function openApiDocument(specs: readonly RouteSpec[], info: { title: string; version: string }): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of specs) {
    const openApiPath = `/api${spec.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [location, schema] of [['path', spec.params], ['query', spec.query]] as const) {
      if (!schema) continue;
      const objectSchema = jsonSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, property] of Object.entries(objectSchema.properties ?? {})) {
        parameters.push({
          name,
          in: location,
          required: location === 'path' || (objectSchema.required ?? []).includes(name),
          ...(property.description ? { description: property.description } : {}),
          schema: property,
        });
      }
    }
    const responses: Record<string, unknown> = {};
    for (const [status, response] of Object.entries(spec.responses)) {
      responses[status] = {
        description: response.description,
        ...(response.schema ? { content: { 'application/json': { schema: jsonSchema(response.schema, 'output') } } } : {}),
      };
    }
    const errorStatuses = [400, 404, 409, 413, 415, 429, 503].filter((s) => s === 400 || s === 503 || spec.body || s === 404);
    if (spec.auth !== 'none') errorStatuses.push(401);
    if (spec.upload) errorStatuses.push(413, 415);
    for (const status of errorStatuses) {
      responses[String(status)] ??= {
        description: ERROR_STATUSES[status],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[openApiPath] ??= {};
    paths[openApiPath][spec.method] = {
      operationId: `${spec.method}${openApiPath.replace(/[^A-Za-z]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: spec.summary,
      tags: [spec.tag],
      security: spec.auth === 'jwt' ? [{ bearerAuth: [] }] : spec.auth === 'none' ? [] : [{ bearerAuth: [] }, {}],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } } } } : {}),
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
  return {
    openapi: '3.1.0',
    info,
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: jsonSchema(ErrorSchema, 'output') },
    },
  };
}
