import { inject, injectable } from 'inversify';
import { EditionNotFoundError } from '../../domain/catalog/errors.js';
import type { PriceQuote } from '../../domain/pricing/price-quote.js';
import type { PageRequest, PageSlice } from '../../domain/shared/page.js';
import { EditionRepository } from '../catalog/ports/edition-repository.js';
import { PricingRepository } from './ports/pricing-repository.js';

@injectable()
export class ListEditionPrices {
  constructor(
    @inject(EditionRepository) private readonly editions: EditionRepository,
    @inject(PricingRepository) private readonly pricing: PricingRepository,
  ) {}

  async execute(editionId: number, page: PageRequest): Promise<PageSlice<PriceQuote>> {
    if (!(await this.editions.findById(editionId))) throw new EditionNotFoundError(editionId);
    return this.pricing.pageOfEdition(editionId, page);
  }
}
