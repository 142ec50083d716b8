import type { ResolutionContext } from 'inversify';
import { AddEdition } from '../application/catalog/add-edition.js';
import { CreateAuthor } from '../application/catalog/create-author.js';
import { CreateBook } from '../application/catalog/create-book.js';
import { DeleteAuthor } from '../application/catalog/delete-author.js';
import { DeleteBook } from '../application/catalog/delete-book.js';
import { GetAuthor } from '../application/catalog/get-author.js';
import { ShowBook } from '../application/catalog/show-book.js';
import { GetEdition } from '../application/catalog/get-edition.js';
import { LookupEdition } from '../application/catalog/lookup-edition.js';
import { ListAuthors } from '../application/catalog/list-authors.js';
import { ListBooks } from '../application/catalog/list-books.js';
import { ListEditions } from '../application/catalog/list-editions.js';
import { UpdateAuthor } from '../application/catalog/update-author.js';
import { UpdateBook } from '../application/catalog/update-book.js';
import { ListAlerts } from '../application/alerts/list-alerts.js';
import { MarkAlertRead } from '../application/alerts/mark-alert-read.js';
import { MarkAllAlertsRead } from '../application/alerts/mark-all-alerts-read.js';
import { CreateChannel } from '../application/alerts/create-channel.js';
import { DeleteChannel } from '../application/alerts/delete-channel.js';
import { GetChannel } from '../application/alerts/get-channel.js';
import { ListChannels } from '../application/alerts/list-channels.js';
import { TestChannel } from '../application/alerts/test-channel.js';
import { UpdateChannel } from '../application/alerts/update-channel.js';
import { CreateList } from '../application/lists/create-list.js';
import { DeleteList } from '../application/lists/delete-list.js';
import { GetOwnList } from '../application/lists/get-own-list.js';
import { GetPublicList } from '../application/lists/get-public-list.js';
import { ListLists } from '../application/lists/list-lists.js';
import { ListEditionPrices } from '../application/pricing/list-edition-prices.js';
import { AddReadableLanguage } from '../application/preferences/add-readable-language.js';
import { GetPreferences } from '../application/preferences/get-preferences.js';
import { ListReadableLanguages } from '../application/preferences/list-readable-languages.js';
import { RemoveReadableLanguage } from '../application/preferences/remove-readable-language.js';
import { UpdatePreferences } from '../application/preferences/update-preferences.js';
import { GetOntology } from '../application/reference/get-ontology.js';
import { ListGenres } from '../application/reference/list-genres.js';
import { ListLanguages } from '../application/reference/list-languages.js';
import { ListStores } from '../application/reference/list-stores.js';
import { ListTypes } from '../application/reference/list-types.js';
import { ListUserStores } from '../application/reference/list-user-stores.js';
import { AddWish } from '../application/wishes/add-wish.js';
import { ImportWishes } from '../application/wishes/import-wishes.js';
import { GetWish } from '../application/wishes/get-wish.js';
import { ListWishes } from '../application/wishes/list-wishes.js';
import { ListWishPriceHistories } from '../application/wishes/list-wish-price-histories.js';
import { RemoveWish } from '../application/wishes/remove-wish.js';
import { UpdateWish } from '../application/wishes/update-wish.js';
import { FetchEditionPrices } from '../application/pricing/fetch-edition-prices.js';
import { GetBookPriceHistory } from '../application/pricing/get-book-price-history.js';
import { GetExchangeRatesHealth } from '../application/pricing/get-exchange-rates-health.js';
import { GetStoreHealth } from '../application/pricing/get-store-health.js';
import { ListStoreHealth } from '../application/pricing/list-store-health.js';
import type { ApiUseCases } from '../adapters/http/api-routes.js';

/** The use cases behind every `/api` endpoint, resolved once from the container for the HTTP adapter. */
export function apiUseCases(context: ResolutionContext): ApiUseCases {
  const get = <T>(id: new (...args: never[]) => T): T => context.get<T>(id);
  return {
    books: { list: get(ListBooks), create: get(CreateBook), get: get(ShowBook), update: get(UpdateBook), remove: get(DeleteBook) },
    editions: { list: get(ListEditions), add: get(AddEdition), get: get(GetEdition), lookup: get(LookupEdition) },
    prices: { list: get(ListEditionPrices), fetch: get(FetchEditionPrices), history: get(GetBookPriceHistory) },
    authors: { list: get(ListAuthors), create: get(CreateAuthor), get: get(GetAuthor), update: get(UpdateAuthor), remove: get(DeleteAuthor) },
    reference: {
      stores: get(ListStores),
      userStores: get(ListUserStores),
      languages: get(ListLanguages),
      types: get(ListTypes),
      genres: get(ListGenres),
      ontology: get(GetOntology),
    },
    preferences: {
      get: get(GetPreferences),
      update: get(UpdatePreferences),
      languages: get(ListReadableLanguages),
      addLanguage: get(AddReadableLanguage),
      removeLanguage: get(RemoveReadableLanguage),
    },
    wishes: { list: get(ListWishes), get: get(GetWish), histories: get(ListWishPriceHistories), add: get(AddWish), update: get(UpdateWish), remove: get(RemoveWish), import: get(ImportWishes) },
    lists: { list: get(ListLists), create: get(CreateList), getOwn: get(GetOwnList), getPublic: get(GetPublicList), remove: get(DeleteList) },
    alerts: { list: get(ListAlerts), markRead: get(MarkAlertRead), markAllRead: get(MarkAllAlertsRead) },
    channels: {
      list: get(ListChannels),
      create: get(CreateChannel),
      get: get(GetChannel),
      update: get(UpdateChannel),
      remove: get(DeleteChannel),
      test: get(TestChannel),
    },
    storeHealth: { get: get(GetStoreHealth), list: get(ListStoreHealth), rates: get(GetExchangeRatesHealth) },
  };
}
