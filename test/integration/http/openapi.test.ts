import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiResponse, startTestService, type TestService } from '../../support/test-service.js';

type Schema = Record<string, any>;
type Operation = Record<string, any>;

let t: TestService;
let doc: Schema;
let english: number;
/** Existing authors, enough to fill author_ids up to its documented maxItems and beyond. */
const authorPool: number[] = [];
let bookId: number;
let authorId: number;

beforeAll(async () => {
  t = await startTestService();
  const res = await t.call('GET', '/api/openapi.json', { token: null });
  doc = res.body;
  const [row] = await t.db.sql<{ language_id: string }>("select language_id from language where language_code = 'en'");
  english = Number(row!.language_id);
  for (let i = 0; i < 60; i++) {
    const a = await t.call('POST', '/api/authors', { body: { author_name: `Pool author ${i}` } });
    authorPool.push(a.body.author_id);
  }
  authorId = authorPool[0]!;
  bookId = (await t.call('POST', '/api/books', { body: { book_original_title: 'OpenAPI target' } })).body.book_id;
});
afterAll(async () => {
  await t.stop();
});

/** The routes of the seed's endpoint table for books, editions and authors; path parameter names do not matter. */
const SEED_ROUTES: Array<[string, string]> = [
  ['get', '/api/books'],
  ['post', '/api/books'],
  ['get', '/api/books/:id'],
  ['put', '/api/books/:id'],
  ['delete', '/api/books/:id'],
  ['get', '/api/books/:bookId/editions'],
  ['post', '/api/books/:bookId/editions'],
  ['get', '/api/editions/:id'],
  ['get', '/api/authors'],
  ['post', '/api/authors'],
  ['get', '/api/authors/:id'],
  ['put', '/api/authors/:id'],
  ['delete', '/api/authors/:id'],
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const shape = (path: string): string => path.replace(/:[A-Za-z_]+/g, '{}').replace(/\{[^}]+\}/g, '{}');

function operations(): Array<{ method: string; path: string; op: Operation }> {
  return Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]) => ({ method, path, op })),
  );
}

/** An operation the path refuses: its only answer is 405 with `Allow`. */
const isRefusedMethod = (op: Operation): boolean => Object.keys(op.responses).join() === '405';

/**
 * The value a client serializes as `text` in a path or query (OpenAPI `simple` and `form` styles): a number
 * parameter is sent as its decimal digits, so text that is not one is no value of the parameter at all.
 */
function wireValue(text: string, schema: Schema): unknown {
  if (schema.type !== 'integer' && schema.type !== 'number') return text;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

const CATALOG = new Set(SEED_ROUTES.map(([method, path]) => `${method} ${shape(path)}`));
/** The operations of the books, editions and authors routes; other resources are not this file's business. */
function catalogOperations(): Array<{ method: string; path: string; op: Operation }> {
  return operations().filter(({ method, path }) => CATALOG.has(`${method} ${shape(path)}`));
}

function resolve(schema: Schema): Schema {
  let current = schema;
  for (let guard = 0; typeof current?.$ref === 'string'; guard++) {
    if (guard > 20 || !current.$ref.startsWith('#/')) throw new Error(`cannot resolve ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .reduce((node: any, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  return current;
}

function bodySchema(op: Operation): Schema {
  return resolve(op.requestBody.content['application/json'].schema);
}

/** A small JSON Schema (2020-12 subset) checker: answers the problems, empty when the value conforms. */
function check(value: unknown, raw: Schema, at = '$'): string[] {
  const schema = resolve(raw);
  const problems: string[] = [];
  if (schema.anyOf) {
    if (!(schema.anyOf as Schema[]).some((s) => check(value, s, at).length === 0)) problems.push(`${at}: matches no anyOf branch`);
  }
  if (schema.oneOf) {
    if ((schema.oneOf as Schema[]).filter((s) => check(value, s, at).length === 0).length !== 1) problems.push(`${at}: not exactly one oneOf`);
  }
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const actual =
      value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
    const ok = types.some((type) => type === actual || (type === 'number' && actual === 'integer'));
    if (!ok) return [`${at}: ${JSON.stringify(value)} is not ${types.join('|')}`];
  }
  if (schema.enum && !(schema.enum as unknown[]).includes(value)) problems.push(`${at}: not in enum`);
  if ('const' in schema && schema.const !== value) problems.push(`${at}: not the const`);
  if (typeof value === 'string') {
    const length = [...value].length;
    if (schema.minLength !== undefined && length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (schema.maxLength !== undefined && length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) problems.push(`${at}: not above ${schema.exclusiveMinimum}`);
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) problems.push(`${at}: not below ${schema.exclusiveMaximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => problems.push(...check(item, schema.items, `${at}[${i}]`)));
  }
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const name of (schema.required ?? []) as string[]) if (!(name in object)) problems.push(`${at}.${name}: missing`);
    for (const [name, property] of Object.entries(object)) {
      const propertySchema = schema.properties?.[name];
      if (propertySchema) problems.push(...check(property, propertySchema, `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}.${name}: not allowed`);
    }
  }
  return problems;
}

function expectConforms(res: ApiResponse, op: Operation, label: string): void {
  const response = op.responses[String(res.status)];
  expect(response, `${label}: status ${res.status} is documented`).toBeDefined();
  const schema = response.content?.['application/json']?.schema;
  if (schema === undefined) {
    expect(res.text, label).toBe('');
    return;
  }
  expect(check(res.body, schema), `${label}: ${res.text.slice(0, 300)}`).toEqual([]);
}

// ---- Valid requests for every documented request body ----

let sequence = 0;
function freshIsbn13(): string {
  const first12 = `9791${String(++sequence).padStart(8, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}
/** A fresh EAN-13 of a product without an ISBN (an edition's `gtin`). */
function freshGtin13(): string {
  const first12 = `50${String(++sequence).padStart(10, '0')}`;
  const sum = [...first12].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - (sum % 10)) % 10);
}

interface Target {
  url: string;
  body(): Record<string, unknown>;
  success: number;
}

/** Where to send each documented request body, and a valid body that sets every documented field. */
function targetFor(method: string, path: string): Target | undefined {
  const book = () => ({ book_original_title: 'Doc book', author_ids: [authorId], type_id: null, genre_id: null });
  const author = () => ({ author_name: 'Doc author', aliases: ['Doc alias'] });
  const edition = () => ({
    isbn: freshIsbn13(),
    gtin: freshGtin13(),
    format: 'paperback',
    language_id: english,
    edition_title: 'Doc edition',
    publisher: 'Doc press',
    published_year: 2001,
  });
  const targets: Record<string, Target> = {
    'post /api/books': { url: '/api/books', body: book, success: 201 },
    'put /api/books/{}': { url: `/api/books/${bookId}`, body: book, success: 200 },
    'post /api/books/{}/editions': { url: `/api/books/${bookId}/editions`, body: edition, success: 201 },
    'post /api/authors': { url: '/api/authors', body: author, success: 201 },
    'put /api/authors/{}': { url: `/api/authors/${authorId}`, body: author, success: 200 },
  };
  return targets[`${method} ${shape(path)}`];
}

/** A value of `field` with exactly `n` characters or items that the domain would otherwise accept. */
function stringOfLength(field: string, n: number): string {
  if (field === 'isbn' || field === 'gtin') {
    const code = field === 'isbn' ? freshIsbn13() : freshGtin13();
    return n >= code.length ? '-'.repeat(n - code.length) + code : code.slice(0, n);
  }
  return 'x'.repeat(n);
}
function arrayOfLength(field: string, n: number, item: Schema): unknown[] {
  if (field === 'author_ids') {
    if (n > authorPool.length) throw new Error('author pool too small');
    return authorPool.slice(0, n);
  }
  if (resolve(item).type === 'string') return Array.from({ length: n }, (_, i) => `item ${i}`);
  throw new Error(`no generator for ${field}`);
}

/** The non-null branch of `anyOf: [X, {type: null}]`, or the schema itself. */
function concrete(schema: Schema): Schema {
  const s = resolve(schema);
  if (Array.isArray(s.anyOf)) {
    const branch = (s.anyOf as Schema[]).map(resolve).find((b) => b.type !== 'null');
    if (branch) return branch;
  }
  return s;
}

function expectRejected(res: ApiResponse, field: string, label: string): void {
  expect(res.status, `${label}: ${res.text}`).toBe(400);
  expect(res.body.error).toBe('validation_failed');
  expect(res.body.details.some((d: { field: string }) => d.field === field || d.field.startsWith(`${field}[`)), `${label}: ${res.text}`).toBe(true);
  expect(check(res.body, doc.components.schemas.Error), label).toEqual([]);
}

describe('GET /api/openapi.json', () => {
  it('is public and answers an OpenAPI 3.1 JSON document', async () => {
    for (const token of [null, 'not-a-jwt']) {
      const res = await t.call('GET', '/api/openapi.json', { token });
      expect(res.status, String(token)).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(typeof res.body.openapi).toBe('string');
      expect(res.body.openapi.startsWith('3.1')).toBe(true);
      expect(typeof res.body.info.title).toBe('string');
      expect(typeof res.body.info.version).toBe('string');
      expect(res.body).toEqual(doc);
    }
  });

  it('lists every route of the seed table (books, editions, authors) with its method', () => {
    const documented = new Set(operations().map(({ method, path }) => `${method} ${shape(path)}`));
    for (const [method, path] of SEED_ROUTES) {
      expect(documented.has(`${method} ${shape(path)}`), `${method.toUpperCase()} ${path}`).toBe(true);
    }
  });

  it('declares every path parameter as a required path parameter, and every path begins with /api', () => {
    for (const { method, path, op } of operations()) {
      expect(path.startsWith('/api/'), path).toBe(true);
      const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = ((op.parameters ?? []) as Array<{ in: string; name: string; required: boolean }>).filter((p) => p.in === 'path');
      expect(declared.map((p) => p.name).sort(), `${method} ${path}`).toEqual([...names].sort());
      expect(declared.every((p) => p.required), `${method} ${path}`).toBe(true);
    }
  });

  it('documents only routes that exist: each documented operation is answered by its route, each refused method by 405', async () => {
    for (const { method, path, op } of operations()) {
      const url = path.replace(/\{[^}]+\}/g, '99999999');
      const res = await t.call(method.toUpperCase(), url, method === 'post' || method === 'put' ? { body: {} } : {});
      const label = `${method.toUpperCase()} ${url} → ${res.status} ${res.text}`;
      if (isRefusedMethod(op)) {
        expect(res.status, label).toBe(405);
        expect(res.headers.get('allow'), label).toBe(op.responses['405'].headers.Allow.schema.const);
      } else {
        expect(res.status, label).not.toBe(405);
        expect(res.status === 404 && /^No route/.test(res.body?.message ?? ''), label).toBe(false);
      }
    }
  });

  it('marks the JWT routes as secured, and they really refuse a request without a token', async () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const secured = new Set<string>();
    for (const { method, path, op } of operations()) {
      const isSecured = JSON.stringify(op.security) === JSON.stringify([{ bearerAuth: [] }]);
      if (isSecured) secured.add(`${method} ${shape(path)}`);
      const url = path.replace(/\{[^}]+\}/g, '1');
      const res = await t.call(method.toUpperCase(), url, { token: null, ...(method === 'post' || method === 'put' ? { body: {} } : {}) });
      if (isSecured) {
        expect(res.status, `${method} ${url}`).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expectConforms(res, op, `${method} ${url}`);
      }
    }
    for (const [method, path] of SEED_ROUTES) expect(secured.has(`${method} ${shape(path)}`), `${method} ${path} needs a JWT`).toBe(true);
  });

  it('gives every POST and PUT request body additionalProperties: false and its required fields', () => {
    const expectedRequired: Record<string, string[]> = {
      'post /api/books': ['book_original_title'],
      'put /api/books/{}': ['book_original_title'],
      'post /api/books/{}/editions': ['isbn', 'format', 'language_id'],
      'post /api/authors': ['author_name'],
      'put /api/authors/{}': ['author_name'],
    };
    const withJsonBodies = operations().filter(
      ({ method, op }) => (method === 'post' || method === 'put') && op.requestBody?.content?.['application/json'],
    );
    for (const key of Object.keys(expectedRequired)) {
      expect(withJsonBodies.some(({ method, path }) => `${method} ${shape(path)}` === key), `${key} documents a JSON body`).toBe(true);
    }
    for (const { method, path, op } of withJsonBodies) {
      const key = `${method} ${shape(path)}`;
      expect(op.requestBody.required, key).toBe(true);
      const schema = bodySchema(op);
      expect(schema.type, key).toBe('object');
      expect(schema.additionalProperties, key).toBe(false);
      for (const name of (schema.required ?? []) as string[]) expect(schema.properties, key).toHaveProperty(name);
      if (expectedRequired[key]) expect([...(schema.required ?? [])].sort(), key).toEqual([...expectedRequired[key]].sort());
    }
  });
});

describe('standard tools accept the document', () => {
  it('is valid OpenAPI 3.1 for a standard validator, and every reference resolves inside it', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]*"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      const pointer = JSON.parse(`{${ref}}`).$ref as string;
      expect(pointer, 'only components are referenced').toMatch(/^#\/components\//);
      expect(resolve({ $ref: pointer }), pointer).toBeTypeOf('object');
    }
  });

  it('keeps the recursive ontology node once, in components/schemas, referring to itself there', () => {
    const node = doc.components.schemas.OntologyNode;
    expect(node.properties.children.items).toEqual({ $ref: '#/components/schemas/OntologyNode' });
    const ontology = doc.paths['/api/ontology'].get.responses['200'].content['application/json'].schema;
    expect(ontology.properties.data.items).toEqual({ $ref: '#/components/schemas/OntologyNode' });
    expect(JSON.stringify(doc)).not.toContain('$defs');
  });

  it('declares ids in paths and queries as integers from 1 (the share-token path of lists excepted)', () => {
    const ids: string[] = [];
    for (const { method, path, op } of operations()) {
      for (const p of (op.parameters ?? []) as Array<{ name: string; in: string; schema: Schema }>) {
        if (!/(^|_)id$|Id$/.test(p.name) || p.in === 'header') continue;
        const label = `${method} ${path} ${p.in} ${p.name}`;
        if (path === '/api/lists/{id}' && (method === 'get' || isRefusedMethod(op))) {
          expect(p.schema.type, label).toBe('string');
          continue;
        }
        ids.push(label);
        expect(p.schema, label).toEqual({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
      }
    }
    for (const expected of ['get /api/books/{id} path id', 'get /api/genres query type_id', 'get /api/wishes query book_id', 'get /api/ontology query genre_id']) {
      expect(ids).toContain(expected);
    }
  });

  it('generates a typed client (openapi-typescript) that the TypeScript compiler accepts, ids as numbers', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shelfwatch-openapi-'));
    try {
      await writeFile(join(dir, 'api.ts'), astToString(await openapiTS(structuredClone(doc) as OpenAPI3)));
      await writeFile(
        join(dir, 'usage.ts'),
        `import type { components, paths } from './api';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type BookOp = paths['/api/books/{id}'];
export const params: BookOp['get']['parameters']['path'] = { id: 1 };
// @ts-expect-error an id is a number, not text
export const textId: BookOp['get']['parameters']['path'] = { id: '1' };
export const conflict: Json<BookOp['delete']['responses'][409]> = { error: 'conflict', message: 'referenced' };
export const page: Json<paths['/api/books']['get']['responses'][200]> = {
  data: [],
  _links: { self: { href: '/api/books' }, first: { href: '/api/books' }, last: { href: '/api/books' } },
};
export const tree: components['schemas']['OntologyNode'] = {
  ontology_node_id: 1, name: 'Fiction', type_id: 1, genre_id: 1,
  children: [{ ontology_node_id: 2, name: 'Fantasy', type_id: 1, genre_id: 1, children: [] }],
};
export const limited: Json<paths['/api/editions/{editionId}/prices']['post']['responses'][429]> = { error: 'rate_limited', message: 'later' };
export const wishFilter: NonNullable<paths['/api/wishes']['get']['parameters']['query']>['book_id'] = 7;
`,
      );
      const program = ts.createProgram([join(dir, 'usage.ts')], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        lib: ['lib.es2022.d.ts'],
        types: [],
        skipLibCheck: true,
      });
      const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(problems).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the document and the validation come from the same schemas', () => {
  it('rejects a body missing any field the document lists as required, and accepts one missing any other field', async () => {
    for (const { method, path, op } of catalogOperations().filter(({ op }) => op.requestBody)) {
      const target = targetFor(method, path);
      expect(target, `a test target for ${method} ${path}`).toBeDefined();
      const schema = bodySchema(op);
      const label = (what: string) => `${method.toUpperCase()} ${path} ${what}`;

      const full = await t.call(method.toUpperCase(), target!.url, { body: target!.body() });
      expect(full.status, label(`with every field: ${full.text}`)).toBe(target!.success);
      expectConforms(full, op, label('with every field'));

      for (const name of Object.keys(schema.properties)) {
        const body = target!.body();
        expect(body, label(`test body sets ${name}`)).toHaveProperty(name);
        delete body[name];
        const res = await t.call(method.toUpperCase(), target!.url, { body });
        if ((schema.required as string[]).includes(name)) {
          expectRejected(res, name, label(`without required ${name}`));
        } else {
          expect(res.status, label(`without optional ${name}: ${res.text}`)).toBe(target!.success);
          expectConforms(res, op, label(`without optional ${name}`));
        }
      }

      const extra = await t.call(method.toUpperCase(), target!.url, { body: { ...target!.body(), undocumented_field: 1 } });
      expectRejected(extra, 'undocumented_field', label('with an undocumented field'));
    }
  });

  it('enforces exactly the maxLength and maxItems the document states', async () => {
    let limitsChecked = 0;
    for (const { method, path, op } of catalogOperations().filter(({ op }) => op.requestBody)) {
      const target = targetFor(method, path)!;
      const schema = bodySchema(op);
      for (const [name, raw] of Object.entries(schema.properties as Record<string, Schema>)) {
        const property = concrete(raw);
        const send = (value: unknown) => t.call(method.toUpperCase(), target.url, { body: { ...target.body(), [name]: value } });
        const label = (what: string) => `${method.toUpperCase()} ${path} ${name} ${what}`;

        if (property.type === 'string' && typeof property.maxLength === 'number') {
          limitsChecked++;
          const atLimit = await send(stringOfLength(name, property.maxLength));
          expect(atLimit.status, label(`of maxLength ${property.maxLength}: ${atLimit.text}`)).toBe(target.success);
          expectRejected(await send(stringOfLength(name, property.maxLength + 1)), name, label(`over maxLength ${property.maxLength}`));
        }
        if (property.type === 'array') {
          const item = concrete(property.items);
          if (typeof property.maxItems === 'number') {
            limitsChecked++;
            const atLimit = await send(arrayOfLength(name, property.maxItems, item));
            expect(atLimit.status, label(`of maxItems ${property.maxItems}: ${atLimit.text}`)).toBe(target.success);
            expectRejected(await send(arrayOfLength(name, property.maxItems + 1, item)), name, label(`over maxItems ${property.maxItems}`));
          }
          if (item.type === 'string' && typeof item.maxLength === 'number') {
            limitsChecked++;
            const atLimit = await send(['a'.repeat(item.maxLength)]);
            expect(atLimit.status, label(`item of maxLength ${item.maxLength}: ${atLimit.text}`)).toBe(target.success);
            expectRejected(await send(['a'.repeat(item.maxLength + 1)]), name, label(`item over maxLength ${item.maxLength}`));
          }
        }
      }
    }
    // author_name ×2, aliases ×2 (maxItems and item length) ×2, book_original_title ×2, author_ids ×2, isbn, edition_title, publisher
    expect(limitsChecked).toBeGreaterThanOrEqual(12);
    const authors = operations().find(({ method, path }) => method === 'post' && path === '/api/authors')!;
    expect(bodySchema(authors.op).properties.author_name.maxLength).toBe(300);
  });

  it('accepts exactly the edition formats the document enumerates', async () => {
    const op = operations().find(({ method, path }) => method === 'post' && shape(path) === '/api/books/{}/editions')!;
    const formats = concrete(bodySchema(op.op).properties.format).enum as string[];
    expect([...formats].sort()).toEqual(['audiobook', 'ebook', 'hardcover', 'paperback']);
    const target = targetFor('post', op.path)!;
    for (const format of formats) {
      expect((await t.call('POST', target.url, { body: { ...target.body(), format } })).status, format).toBe(201);
    }
    for (const format of ['comic', 'Hardcover', '']) {
      expectRejected(await t.call('POST', target.url, { body: { ...target.body(), format } }), 'format', format);
    }
  });

  it('answers list and single-resource GETs with bodies that match the documented response schemas', async () => {
    const edition = await t.call('POST', `/api/books/${bookId}/editions`, { body: { isbn: freshIsbn13(), format: 'ebook', language_id: english } });
    const urls: Record<string, string> = {
      '/api/books': '/api/books?per_page=2',
      '/api/books/{}': `/api/books/${bookId}`,
      '/api/books/{}/editions': `/api/books/${bookId}/editions?per_page=1`,
      '/api/editions/{}': `/api/editions/${edition.body.edition_id}`,
      '/api/authors': '/api/authors?per_page=3',
      '/api/authors/{}': `/api/authors/${authorId}`,
    };
    const gets = catalogOperations().filter(({ method }) => method === 'get');
    for (const { path, op } of gets) {
      const url = urls[shape(path)];
      expect(url, `a test URL for GET ${path}`).toBeDefined();
      const res = await t.call('GET', url!);
      expect(res.status, url).toBe(200);
      expectConforms(res, op, url!);
    }
  });

  it('documents the limit on q that the API enforces (maxLength of the query parameter)', async () => {
    for (const path of ['/api/books', '/api/authors']) {
      const op = operations().find((o) => o.method === 'get' && o.path === path)!.op;
      const q = (op.parameters as Array<{ name: string; in: string; schema: Schema }>).find((p) => p.name === 'q' && p.in === 'query')!;
      const max = q.schema.maxLength as number;
      expect(typeof max, path).toBe('number');
      expect((await t.call('GET', `${path}?q=${'q'.repeat(max)}`)).status, `${path} q of ${max}`).toBe(200);
      const over = await t.call('GET', `${path}?q=${'q'.repeat(max + 1)}`);
      expect(over.status, `${path} q of ${max + 1}`).toBe(400);
      expect(over.body.details[0].field).toBe('q');
    }
  });

  it('documents per_page so that the document accepts exactly the values the API accepts', async () => {
    const op = operations().find((o) => o.method === 'get' && o.path === '/api/authors')!.op;
    const perPage = (op.parameters as Array<{ name: string; in: string; schema: Schema }>).find((p) => p.name === 'per_page' && p.in === 'query')!;
    const disagreements: string[] = [];
    for (const value of ['0', '1', '20', '100', '101', '1000', 'x']) {
      const documented = check(value, perPage.schema).length === 0;
      const accepted = (await t.call('GET', `/api/authors?per_page=${value}`)).status === 200;
      if (documented !== accepted) disagreements.push(`per_page=${value}: document ${documented ? 'allows' : 'forbids'}, API ${accepted ? 'accepts' : 'rejects'}`);
    }
    expect(disagreements).toEqual([]);
  });

  it('documents the list filters is_read (alerts) and book_id (wishes) so that the document accepts exactly what the API accepts', async () => {
    const disagreements: string[] = [];
    for (const [path, name, values] of [
      ['/api/alerts', 'is_read', ['true', 'false', '1', '0', 'yes', 'TRUE', '']],
      ['/api/wishes', 'book_id', ['1', '987654321', '0', '-1', 'abc', '1.5', '']],
    ] as const) {
      const op = operations().find((o) => o.method === 'get' && o.path === path)!.op;
      const parameter = (op.parameters as Array<{ name: string; in: string; required: boolean; description?: string; schema: Schema }>).find(
        (p) => p.name === name && p.in === 'query',
      );
      expect(parameter, `${path} documents ${name}`).toBeDefined();
      expect(parameter!.required, `${path} ${name} is optional`).toBe(false);
      expect(parameter!.description, `${path} ${name} is described`).toBeTruthy();
      for (const value of values) {
        const documented = check(wireValue(value, parameter!.schema), parameter!.schema).length === 0;
        const accepted = (await t.call('GET', `${path}?${name}=${value}`)).status === 200;
        if (documented !== accepted) disagreements.push(`${path}?${name}=${value}: document ${documented ? 'allows' : 'forbids'}, API ${accepted ? 'accepts' : 'rejects'}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('documents the minimum length of the author search q that the API enforces', async () => {
    const op = operations().find((o) => o.method === 'get' && o.path === '/api/authors')!.op;
    const q = (op.parameters as Array<{ name: string; in: string; schema: Schema }>).find((p) => p.name === 'q' && p.in === 'query')!;
    const disagreements: string[] = [];
    for (const value of ['ab', 'abc']) {
      const documented = check(value, q.schema).length === 0;
      const accepted = (await t.call('GET', `/api/authors?q=${value}`)).status === 200;
      if (documented !== accepted) disagreements.push(`q=${value}: document ${documented ? 'allows' : 'forbids'}, API ${accepted ? 'accepts' : 'rejects'}`);
    }
    expect(disagreements).toEqual([]);
  });
});
