import 'reflect-metadata';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiUseCases, apiRoutes } from '../../../../src/adapters/http/api-routes.js';
import { CursorCodec } from '../../../../src/adapters/kits/http/pagination/cursor-codec.js';
import { Paginator } from '../../../../src/adapters/kits/http/pagination/page-links.js';
import { IdParams, IdText, PageQuery } from '../../../../src/adapters/kits/http/routing/common-schemas.js';
import { openApiDocument } from '../../../../src/adapters/kits/http/routing/openapi.js';
import { route, type RouteSpec } from '../../../../src/adapters/kits/http/routing/route-spec.js';

type Doc = Record<string, any>;
const INFO = { title: 'Test', version: '0' };
const handle = async () => ({ status: 200 });

/** The service's real route table; the document needs the specs only, never their use cases. */
function realDocument(): Doc {
  const useCases = new Proxy({}, { get: () => ({}) }) as ApiUseCases;
  const routes = apiRoutes(useCases, new Paginator(new CursorCodec('k'.repeat(32))), {
    cooldownSeconds: 600,
    perUser: { limit: 30, windowSeconds: 600 },
  });
  return openApiDocument(routes, INFO);
}

const statuses = (doc: Doc, path: string, method: string): string[] => Object.keys(doc.paths[path][method].responses);

describe('openApiDocument', () => {
  it("is valid OpenAPI 3.1 for the service's whole route table", async () => {
    const doc = realDocument();
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    // What the schema cannot say: operation ids are unique, and every operation declares its path's parameters.
    const ids: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Doc>>)) {
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(item)) {
        ids.push(op.operationId);
        const declared = ((op.parameters ?? []) as Doc[]).filter((p) => p.in === 'path').map((p) => p.name).sort();
        expect(declared, `${method} ${path}`).toEqual(names);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('moves a recursive schema named by .meta({ id }) to components/schemas and points every reference there', () => {
    interface Node {
      label: string;
      children: Node[];
    }
    const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ label: z.string(), children: z.array(NodeSchema) })).meta({ id: 'TestTreeNode' });
    const doc = openApiDocument(
      [route({ method: 'get', path: '/tree', tag: 't', auth: 'none', summary: 's', responses: { 200: { description: 'd', schema: z.object({ roots: z.array(NodeSchema) }) } }, handle })],
      INFO,
    ) as Doc;
    expect(doc.components.schemas.TestTreeNode.properties.children.items).toEqual({ $ref: '#/components/schemas/TestTreeNode' });
    const schema = doc.paths['/api/tree'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.roots.items).toEqual({ $ref: '#/components/schemas/TestTreeNode' });
    expect(JSON.stringify(doc)).not.toContain('$defs');
  });

  it('refuses an unnamed recursive schema rather than writing a reference nothing resolves', () => {
    interface Node {
      children: Node[];
    }
    const Anonymous: z.ZodType<Node> = z.lazy(() => z.object({ children: z.array(Anonymous) }));
    const specs = [route({ method: 'get', path: '/tree', tag: 't', auth: 'none', summary: 's', responses: { 200: { description: 'd', schema: Anonymous } }, handle })];
    expect(() => openApiDocument(specs, INFO)).toThrow(/\.meta\(\{ id \}\)/);
    const nested = [route({ method: 'get', path: '/tree', tag: 't', auth: 'none', summary: 's', responses: { 200: { description: 'd', schema: z.object({ root: Anonymous }) } }, handle })];
    expect(() => openApiDocument(nested, INFO)).toThrow(/\.meta\(\{ id \}\)/);
  });

  it('states path and query ids as integers from 1, however the schema is wrapped', () => {
    const doc = openApiDocument(
      [
        route({
          method: 'get', path: '/things/:id', tag: 't', auth: 'jwt', summary: 's',
          params: IdParams,
          query: z.object({ owner_id: IdText.optional().describe('Whose'), other_id: IdText.describe('Other'), ...PageQuery }),
          responses: { 200: { description: 'd' } },
          handle,
        }),
      ],
      INFO,
    ) as Doc;
    const parameters: Record<string, Doc> = Object.fromEntries((doc.paths['/api/things/{id}'].get.parameters as Doc[]).map((p) => [p.name, p]));
    const integer = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
    expect(parameters.id).toMatchObject({ in: 'path', required: true, schema: integer });
    expect(parameters.owner_id).toMatchObject({ in: 'query', required: false, description: 'Whose', schema: integer });
    expect(parameters.other_id).toMatchObject({ in: 'query', required: true, description: 'Other', schema: integer });
    expect(parameters.per_page!.schema.type).toBe('string');
  });

  it('leaves the validation of path and query ids as it was: text of a positive safe integer only', () => {
    for (const text of ['abc', '0', '-1', '1.5', '', '01', '+1', '1e3', ' 1', '9007199254740992']) {
      expect(IdText.safeParse(text).success, JSON.stringify(text)).toBe(false);
    }
    expect(IdText.parse('1')).toBe(1);
    expect(IdText.parse('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('declares the statuses that follow from a route, and its own, and no others', () => {
    const specs: RouteSpec[] = [
      route({ method: 'get', path: '/things', tag: 't', auth: 'jwt', summary: 's', query: z.object(PageQuery), responses: { 200: { description: 'd' } }, handle }),
      route({
        method: 'post', path: '/things', tag: 't', auth: 'jwt', summary: 's', body: z.strictObject({ name: z.string() }),
        responses: { 201: { description: 'd' } }, errors: { 409: 'Taken' }, handle,
      }),
      route({
        method: 'delete', path: '/things/:id', tag: 't', auth: 'jwt', summary: 's', params: IdParams,
        responses: { 204: { description: 'd' } }, errors: { 404: 'None', 409: 'Used' }, handle,
      }),
      route({ method: 'get', path: '/me', tag: 't', auth: 'jwt', summary: 's', responses: { 200: { description: 'd' } }, handle }),
      route({ method: 'post', path: '/things/import', tag: 't', auth: 'jwt', summary: 's', upload: { description: 'CSV' }, responses: { 200: { description: 'd' } }, handle }),
      route({
        method: 'post', path: '/things/:id/refresh', tag: 't', auth: 'jwt', summary: 's', params: IdParams,
        responses: { 201: { description: 'd' } }, errors: { 404: 'None', 429: 'Too soon', 503: 'the source is down' }, handle,
      }),
    ];
    const doc = openApiDocument(specs, INFO) as Doc;
    expect(statuses(doc, '/api/things', 'get')).toEqual(['200', '400', '401', '503']);
    expect(statuses(doc, '/api/things', 'post')).toEqual(['201', '400', '401', '409', '413', '415', '503']);
    expect(statuses(doc, '/api/things/{id}', 'delete')).toEqual(['204', '400', '401', '404', '409', '503']);
    expect(statuses(doc, '/api/me', 'get')).toEqual(['200', '401', '503']);
    expect(statuses(doc, '/api/things/import', 'post')).toEqual(['200', '400', '401', '413', '415', '503']);
    expect(statuses(doc, '/api/things/{id}/refresh', 'post')).toEqual(['201', '400', '401', '404', '429', '503']);
    const refresh = doc.paths['/api/things/{id}/refresh'].post.responses;
    expect(refresh['429'].headers).toHaveProperty('Retry-After');
    expect(refresh['503'].description).toBe('The database is unavailable; or the source is down');
    expect(doc.paths['/api/things'].get.responses['401'].headers).toHaveProperty('WWW-Authenticate');

    // Refused methods: 405 with Allow, except where another route takes the method on that URL.
    expect(Object.keys(doc.paths['/api/things'])).toEqual(['get', 'put', 'post', 'delete', 'patch']);
    expect(statuses(doc, '/api/things', 'put')).toEqual(['405']);
    expect(doc.paths['/api/things'].put.responses['405'].headers.Allow.schema.const).toBe('GET, HEAD, POST');
    expect(doc.paths['/api/things/{id}'].get.parameters).toEqual(doc.paths['/api/things/{id}'].delete.parameters);
    // POST /things/1 is no route (POST /things/import is a literal path), so it is refused.
    expect(statuses(doc, '/api/things/{id}', 'post')).toEqual(['405']);
    // DELETE /things/import is DELETE /things/{id} with the id `import` (a 400), not a 405.
    expect(doc.paths['/api/things/import']).not.toHaveProperty('delete');
    expect(statuses(doc, '/api/things/import', 'get')).toEqual(['405']);
    expect(statuses(doc, '/api/openapi.json', 'get')).toEqual(['200']);
    expect(statuses(doc, '/api/openapi.json', 'post')).toEqual(['405']);
  });
});
