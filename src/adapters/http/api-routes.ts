import type { Container } from 'inversify';
import { AddEdition } from '../../application/catalog/add-edition.js';
import { CreateAuthor } from '../../application/catalog/create-author.js';
import { CreateBook } from '../../application/catalog/create-book.js';
import { DeleteAuthor } from '../../application/catalog/delete-author.js';
import { DeleteBook } from '../../application/catalog/delete-book.js';
import { GetAuthor } from '../../application/catalog/get-author.js';
import { GetBook } from '../../application/catalog/get-book.js';
import { GetEdition } from '../../application/catalog/get-edition.js';
import { ListAuthors } from '../../application/catalog/list-authors.js';
import { ListBooks } from '../../application/catalog/list-books.js';
import { ListEditions } from '../../application/catalog/list-editions.js';
import { UpdateAuthor } from '../../application/catalog/update-author.js';
import { UpdateBook } from '../../application/catalog/update-book.js';
import type { Paginator } from './pagination/page-links.js';
import { authorRoutes } from './resources/author-routes.js';
import { bookRoutes } from './resources/book-routes.js';
import { editionRoutes } from './resources/edition-routes.js';
import type { RouteSpec } from './routing/route-spec.js';

/** Every `/api` endpoint, with its use cases resolved from the container. */
export function apiRoutes(container: Container, paginator: Paginator): RouteSpec[] {
  const get = <T>(id: new (...args: never[]) => T): T => container.get<T>(id);
  return [
    ...bookRoutes(
      { list: get(ListBooks), create: get(CreateBook), get: get(GetBook), update: get(UpdateBook), remove: get(DeleteBook) },
      paginator,
    ),
    ...editionRoutes({ list: get(ListEditions), add: get(AddEdition), get: get(GetEdition) }, paginator),
    ...authorRoutes(
      { list: get(ListAuthors), create: get(CreateAuthor), get: get(GetAuthor), update: get(UpdateAuthor), remove: get(DeleteAuthor) },
      paginator,
    ),
  ];
}
