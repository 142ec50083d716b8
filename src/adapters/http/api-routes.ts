import type { OnDemandLimits } from '../../application/pricing/fetch-edition-prices.js';
import type { Paginator } from '../kits/http/pagination/page-links.js';
import type { RouteSpec } from '../kits/http/routing/route-spec.js';
import { type AlertUseCases, alertRoutes } from './resources/alert-routes.js';
import { authConfigRoutes, type PublicSignInConfig } from './resources/auth-config-routes.js';
import { type AuthorUseCases, authorRoutes } from './resources/author-routes.js';
import { type BookUseCases, bookRoutes } from './resources/book-routes.js';
import { type ChannelUseCases, channelRoutes } from './resources/channel-routes.js';
import { type EditionUseCases, editionRoutes } from './resources/edition-routes.js';
import { type ListUseCases, listRoutes } from './resources/list-routes.js';
import { type PreferencesUseCases, preferencesRoutes } from './resources/preferences-routes.js';
import { type PriceUseCases, priceRoutes } from './resources/price-routes.js';
import { type ReferenceUseCases, referenceRoutes } from './resources/reference-routes.js';
import { type StoreHealthUseCases, storeHealthRoutes } from './resources/store-health-routes.js';
import { type WishUseCases, wishRoutes } from './resources/wish-routes.js';

/** The use cases the API calls, by resource; the composition root resolves them and hands them over. */
export interface ApiUseCases {
  books: BookUseCases;
  editions: EditionUseCases;
  prices: PriceUseCases;
  authors: AuthorUseCases;
  reference: ReferenceUseCases;
  preferences: PreferencesUseCases;
  wishes: WishUseCases;
  lists: ListUseCases;
  alerts: AlertUseCases;
  channels: ChannelUseCases;
  storeHealth: StoreHealthUseCases;
}

/** Every `/api` endpoint. */
export function apiRoutes(
  useCases: ApiUseCases,
  paginator: Paginator,
  onDemand: OnDemandLimits,
  signIn: PublicSignInConfig = { oidc: null },
): RouteSpec[] {
  return [
    ...authConfigRoutes(signIn),
    ...bookRoutes(useCases.books, paginator),
    ...editionRoutes(useCases.editions, paginator),
    ...priceRoutes(useCases.prices, paginator, onDemand),
    ...authorRoutes(useCases.authors, paginator),
    ...referenceRoutes(useCases.reference, paginator),
    ...storeHealthRoutes(useCases.storeHealth, paginator),
    ...preferencesRoutes(useCases.preferences, paginator),
    ...wishRoutes(useCases.wishes, paginator),
    ...listRoutes(useCases.lists, paginator),
    ...alertRoutes(useCases.alerts, paginator),
    ...channelRoutes(useCases.channels, paginator),
  ];
}
