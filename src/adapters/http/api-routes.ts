import type { Container } from 'inversify';
import { AddEdition } from '../../application/catalog/add-edition.js';
import { CreateAuthor } from '../../application/catalog/create-author.js';
import { CreateBook } from '../../application/catalog/create-book.js';
import { DeleteAuthor } from '../../application/catalog/delete-author.js';
import { DeleteBook } from '../../application/catalog/delete-book.js';
import { GetAuthor } from '../../application/catalog/get-author.js';
import { GetBook } from '../../application/catalog/get-book.js';
import { GetEdition } from '../../application/catalog/get-edition.js';
import { LookupEdition } from '../../application/catalog/lookup-edition.js';
import { ListAuthors } from '../../application/catalog/list-authors.js';
import { ListBooks } from '../../application/catalog/list-books.js';
import { ListEditions } from '../../application/catalog/list-editions.js';
import { UpdateAuthor } from '../../application/catalog/update-author.js';
import { UpdateBook } from '../../application/catalog/update-book.js';
import { ListAlerts } from '../../application/alerts/list-alerts.js';
import { MarkAlertRead } from '../../application/alerts/mark-alert-read.js';
import { CreateList } from '../../application/lists/create-list.js';
import { DeleteList } from '../../application/lists/delete-list.js';
import { GetOwnList } from '../../application/lists/get-own-list.js';
import { GetPublicList } from '../../application/lists/get-public-list.js';
import { ListLists } from '../../application/lists/list-lists.js';
import { FetchEditionPrices, type OnDemandLimits } from '../../application/pricing/fetch-edition-prices.js';
import { ListEditionPrices } from '../../application/pricing/list-edition-prices.js';
import { AddReadableLanguage } from '../../application/preferences/add-readable-language.js';
import { GetPreferences } from '../../application/preferences/get-preferences.js';
import { ListReadableLanguages } from '../../application/preferences/list-readable-languages.js';
import { RemoveReadableLanguage } from '../../application/preferences/remove-readable-language.js';
import { UpdatePreferences } from '../../application/preferences/update-preferences.js';
import { GetOntology } from '../../application/reference/get-ontology.js';
import { ListGenres } from '../../application/reference/list-genres.js';
import { ListLanguages } from '../../application/reference/list-languages.js';
import { ListStores } from '../../application/reference/list-stores.js';
import { ListTypes } from '../../application/reference/list-types.js';
import { ListUserStores } from '../../application/reference/list-user-stores.js';
import { AddWish } from '../../application/wishes/add-wish.js';
import { ImportWishes } from '../../application/wishes/import-wishes.js';
import { ListWishes } from '../../application/wishes/list-wishes.js';
import { RemoveWish } from '../../application/wishes/remove-wish.js';
import { UpdateWish } from '../../application/wishes/update-wish.js';
import type { Paginator } from './pagination/page-links.js';
import { authorRoutes } from './resources/author-routes.js';
import { bookRoutes } from './resources/book-routes.js';
import { alertRoutes } from './resources/alert-routes.js';
import { editionRoutes } from './resources/edition-routes.js';
import { listRoutes } from './resources/list-routes.js';
import { preferencesRoutes } from './resources/preferences-routes.js';
import { priceRoutes } from './resources/price-routes.js';
import { referenceRoutes } from './resources/reference-routes.js';
import { wishRoutes } from './resources/wish-routes.js';
import type { RouteSpec } from './routing/route-spec.js';

/** Every `/api` endpoint, with its use cases resolved from the container. */
export function apiRoutes(container: Container, paginator: Paginator, onDemand: OnDemandLimits): RouteSpec[] {
  const get = <T>(id: new (...args: never[]) => T): T => container.get<T>(id);
  return [
    ...bookRoutes(
      { list: get(ListBooks), create: get(CreateBook), get: get(GetBook), update: get(UpdateBook), remove: get(DeleteBook) },
      paginator,
    ),
    ...editionRoutes({ list: get(ListEditions), add: get(AddEdition), get: get(GetEdition), lookup: get(LookupEdition) }, paginator),
    ...priceRoutes({ list: get(ListEditionPrices), fetch: get(FetchEditionPrices) }, paginator, onDemand),
    ...authorRoutes(
      { list: get(ListAuthors), create: get(CreateAuthor), get: get(GetAuthor), update: get(UpdateAuthor), remove: get(DeleteAuthor) },
      paginator,
    ),
    ...referenceRoutes(
      {
        stores: get(ListStores),
        userStores: get(ListUserStores),
        languages: get(ListLanguages),
        types: get(ListTypes),
        genres: get(ListGenres),
        ontology: get(GetOntology),
      },
      paginator,
    ),
    ...preferencesRoutes(
      {
        get: get(GetPreferences),
        update: get(UpdatePreferences),
        languages: get(ListReadableLanguages),
        addLanguage: get(AddReadableLanguage),
        removeLanguage: get(RemoveReadableLanguage),
      },
      paginator,
    ),
    ...wishRoutes(
      { list: get(ListWishes), add: get(AddWish), update: get(UpdateWish), remove: get(RemoveWish), import: get(ImportWishes) },
      paginator,
    ),
    ...listRoutes(
      { list: get(ListLists), create: get(CreateList), getOwn: get(GetOwnList), getPublic: get(GetPublicList), remove: get(DeleteList) },
      paginator,
    ),
    ...alertRoutes({ list: get(ListAlerts), markRead: get(MarkAlertRead) }, paginator),
  ];
}
