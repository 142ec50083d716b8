import { inject, injectable } from 'inversify';
import type { Store } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ReferenceCatalog } from './ports/reference-catalog.js';

@injectable()
export class ListStores {
  constructor(@inject(ReferenceCatalog) private readonly reference: ReferenceCatalog) {}

  execute(page: PageRequest): Promise<PageSlice<Store>> {
    return this.reference.storesPage(page);
  }
}
