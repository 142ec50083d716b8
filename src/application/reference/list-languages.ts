import { inject, injectable } from 'inversify';
import type { Language } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ReferenceCatalog } from './ports/reference-catalog.js';

@injectable()
export class ListLanguages {
  constructor(@inject(ReferenceCatalog) private readonly reference: ReferenceCatalog) {}

  execute(page: PageRequest): Promise<PageSlice<Language>> {
    return this.reference.languagesPage(page);
  }
}
