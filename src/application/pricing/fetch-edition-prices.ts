import { inject, injectable } from 'inversify';
import { EditionNotFoundError } from '../../domain/catalog/errors.js';
import type { FetchFailureKind } from '../../domain/pricing/price-observation.js';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import { RateLimitedError } from '../../domain/shared/domain-error.js';
import { Clock } from '../shared/clock.js';
import { quoteFrom } from './observation-to-quote.js';
import { PriceSource } from './ports/price-source.js';
import { PricingRepository } from './ports/pricing-repository.js';
import { RecordObservations } from './record-observations.js';

export interface OnDemandFetchResult {
  quotes: PriceQuote[];
  failed: Array<{ storeId: number; error: FetchFailureKind; message: string }>;
}

/** `POST /api/editions/:id/prices`: every active store selling the format, once per cooldown per edition. */
@injectable()
export class FetchEditionPrices {
  constructor(
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(PriceSource) private readonly source: PriceSource,
    @inject(RecordObservations) private readonly record: RecordObservations,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  async execute(editionId: number, cooldownSeconds: number): Promise<OnDemandFetchResult> {
    const edition = await this.pricing.editionTargets(editionId);
    if (!edition) throw new EditionNotFoundError(editionId);
    const claim = await this.pricing.claimOnDemandFetch(editionId, cooldownSeconds, this.clock.now());
    if (!claim.claimed) {
      throw new RateLimitedError(`Prices of edition ${editionId} were fetched recently; try again later`, claim.retryAfterSeconds);
    }
    const results = await Promise.all(edition.targets.map(async (target) => ({ target, result: await this.source.fetchPrice(target, 'on_demand') })));
    const fetchedAt = this.clock.now();
    const observed: NewDailyQuote[] = [];
    const failed: OnDemandFetchResult['failed'] = [];
    for (const { target, result } of results) {
      if (result.ok) observed.push(quoteFrom(editionId, target.storeId, result.observation, fetchedAt));
      else failed.push({ storeId: target.storeId, error: result.failure.kind, message: result.failure.message });
    }
    return { quotes: await this.record.execute(observed), failed };
  }
}
