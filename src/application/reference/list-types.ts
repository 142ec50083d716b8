import { inject, injectable } from 'inversify';
import type { BookType } from '../../domain/reference/reference-data.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { ReferenceCatalog } from './ports/reference-catalog.js';

@injectable()
export class ListTypes {
  constructor(@inject(ReferenceCatalog) private readonly reference: ReferenceCatalog) {}

  execute(page: PageRequest): Promise<PageSlice<BookType>> {
    return this.reference.typesPage(page);
  }
}
