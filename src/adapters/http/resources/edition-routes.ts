import { z } from 'zod';
import type { AddEdition } from '../../../application/catalog/add-edition.js';
import type { GetEdition } from '../../../application/catalog/get-edition.js';
import type { ListEditions } from '../../../application/catalog/list-editions.js';
import type { LookupEdition } from '../../../application/catalog/lookup-edition.js';
import { EDITION_FORMATS, type EditionFields } from '../../../domain/catalog/edition.js';
import type { Paginator } from '../../kits/http/pagination/page-links.js';
import { collectionOf, IdParams, IdText, IdValue, PageQuery, TextOf } from '../../kits/http/routing/common-schemas.js';
import { route, type RouteSpec } from '../../kits/http/routing/route-spec.js';
import { EditionJson, editionJson } from './catalog-presenters.js';

const EditionBody = z.strictObject({
  isbn: z
    .string()
    .max(40)
    .nullable()
    .describe('ISBN-10 or ISBN-13, hyphens allowed; stored as ISBN-13. Always sent; null only for a product given by its `gtin`'),
  gtin: z
    .string()
    .max(40)
    .nullable()
    .optional()
    .describe(
      'A product without an ISBN (comic, audio, game): EAN-13, UPC-A, GTIN-14 or GTIN-8, spaces or hyphens allowed, check digit validated; ' +
        'stored as 13 digits when its GTIN-14 starts with 0 (a UPC gains a leading 0), else as the GTIN-14. One starting 978/979 is the ISBN',
    ),
  format: z.enum(EDITION_FORMATS),
  language_id: IdValue,
  edition_title: TextOf(500).nullable().optional(),
  publisher: TextOf(300).nullable().optional(),
  published_year: z.number().int().nullable().optional(),
});

const BookIdParams = z.strictObject({ bookId: IdText });

const LookupBody = z.strictObject({ isbn: z.string().max(40).describe('ISBN-10 or ISBN-13, hyphens allowed') });

const fieldsOf = (body: z.infer<typeof EditionBody>): EditionFields => ({
  isbn: body.isbn,
  gtin: body.gtin ?? null,
  format: body.format,
  languageId: body.language_id,
  editionTitle: body.edition_title ?? null,
  publisher: body.publisher ?? null,
  publishedYear: body.published_year ?? null,
});

export interface EditionUseCases {
  list: ListEditions;
  add: AddEdition;
  get: GetEdition;
  lookup: LookupEdition;
}

export function editionRoutes(useCases: EditionUseCases, paginator: Paginator): RouteSpec[] {
  return [
    route({
      method: 'get', path: '/books/:bookId/editions', tag: 'editions', auth: 'jwt',
      summary: 'List the editions of a book',
      params: BookIdParams,
      query: z.object(PageQuery),
      responses: { 200: { description: 'A page of editions', schema: collectionOf(EditionJson) } },
      errors: { 404: 'No book has that id' },
      handle({ params, query, path }) {
        return paginator.respond({ path, query }, (page) => useCases.list.execute(params.bookId, page), (e) => e.id, editionJson);
      },
    }),
    route({
      method: 'post', path: '/books/:bookId/editions', tag: 'editions', auth: 'jwt',
      summary: 'Add an edition to a book',
      params: BookIdParams,
      body: EditionBody,
      responses: { 201: { description: 'The created edition', schema: EditionJson } },
      errors: { 404: 'No book has that id', 409: 'An edition with that ISBN (as ISBN-13) or that GTIN exists' },
      async handle({ params, body }) {
        return { status: 201, body: editionJson(await useCases.add.execute(params.bookId, fieldsOf(body))) };
      },
    }),
    route({
      method: 'post', path: '/editions/lookup', tag: 'editions', auth: 'jwt',
      summary: "Add a book by ISBN: the catalog's edition, or one created from the book metadata sources with its book and authors",
      body: LookupBody,
      responses: {
        200: { description: 'The catalog already had the edition', schema: EditionJson },
        201: { description: 'The edition, created from a metadata source (its book and authors as needed)', schema: EditionJson },
      },
      errors: { 404: 'No book metadata source knows the ISBN', 503: 'no book metadata source answers' },
      async handle({ body }) {
        const found = await useCases.lookup.execute(body.isbn);
        return { status: found.kind === 'created' ? 201 : 200, body: editionJson(found.edition) };
      },
    }),
    route({
      method: 'get', path: '/editions/:id', tag: 'editions', auth: 'jwt',
      summary: 'Get one edition',
      params: IdParams,
      responses: { 200: { description: 'The edition', schema: EditionJson } },
      errors: { 404: 'No edition has that id' },
      async handle({ params }) {
        return { status: 200, body: editionJson(await useCases.get.execute(params.id)) };
      },
    }),
  ];
}
