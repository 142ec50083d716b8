import { inject, injectable } from 'inversify';
import type { Store } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ReferenceCatalog } from './ports/reference-catalog.js';

@injectable()
export class ListUserStores {
  constructor(@inject(ReferenceCatalog) private readonly reference: ReferenceCatalog) {}

  execute(userId: number, page: PageRequest): Promise<PageSlice<Store>> {
    return this.reference.userStoresPage(userId, page);
  }
}
