import { inject, injectable } from 'inversify';
import { EditionNotFoundError } from '../../domain/catalog/errors.js';
import type { FetchFailureKind } from '../../domain/pricing/price-observation.js';
import type { NewDailyQuote, PriceQuote } from '../../domain/pricing/price-quote.js';
import type { FetchOutcome } from '../../domain/pricing/store-health.js';
import { RateLimitedError } from '../../domain/shared/domain-error.js';
import { Clock } from '../shared/clock.js';
import { UnitOfWork } from '../shared/unit-of-work.js';
import { ConfirmLargeDrops, type FirstReading } from './confirm-large-drops.js';
import { quoteFrom } from './observation-to-quote.js';
import { PriceSource } from './ports/price-source.js';
import { PricingRepository, type UserFetchQuota } from './ports/pricing-repository.js';
import { FetchOutcomeLedger } from './ports/fetch-outcome-ledger.js';
import { RecordObservations } from './record-observations.js';

export interface OnDemandFetchResult {
  quotes: PriceQuote[];
  failed: Array<{ storeId: number; error: FetchFailureKind; message: string }>;
}

export interface OnDemandLimits {
  /** Per edition: seconds before its prices can be fetched on demand again. */
  cooldownSeconds: number;
  /** Per user: fetches per window. */
  perUser: UserFetchQuota;
}

/**
 * `POST /api/editions/:id/prices`: every active store selling the format, once per cooldown per edition, and a few
 * times per window per user — so one user cannot fill the stores' queues that everybody's requests wait in.
 */
@injectable()
export class FetchEditionPrices {
  constructor(
    @inject(PricingRepository) private readonly pricing: PricingRepository,
    @inject(PriceSource) private readonly source: PriceSource,
    @inject(RecordObservations) private readonly record: RecordObservations,
    @inject(Clock) private readonly clock: Clock,
    @inject(UnitOfWork) private readonly uow: UnitOfWork,
    @inject(FetchOutcomeLedger) private readonly outcomes: FetchOutcomeLedger,
    @inject(ConfirmLargeDrops) private readonly confirmDrops: ConfirmLargeDrops,
  ) {}

  async execute(userId: number, editionId: number, limits: OnDemandLimits): Promise<OnDemandFetchResult> {
    const edition = await this.pricing.editionTargets(editionId);
    if (!edition) throw new EditionNotFoundError(editionId);
    // Both claims or neither: a request the edition's cooldown refuses costs the user nothing.
    await this.uow.transaction(async () => {
      const now = this.clock.now();
      const user = await this.pricing.claimUserFetch(userId, limits.perUser, now);
      if (!user.claimed) {
        throw new RateLimitedError(`You fetched prices ${limits.perUser.limit} times recently; try again later`, user.retryAfterSeconds);
      }
      const claim = await this.pricing.claimOnDemandFetch(editionId, limits.cooldownSeconds, now);
      if (!claim.claimed) {
        throw new RateLimitedError(`Prices of edition ${editionId} were fetched recently; try again later`, claim.retryAfterSeconds);
      }
    });
    const results = await Promise.all(edition.targets.map(async (target) => ({ target, result: await this.source.fetchPrice(target, { userId }) })));
    const fetchedAt = this.clock.now();
    const read: FirstReading[] = [];
    const failed: OnDemandFetchResult['failed'] = [];
    const outcomes: FetchOutcome[] = [];
    for (const { target, result } of results) {
      if (result.ok) read.push({ target, quote: quoteFrom(editionId, target.storeId, result.observation, fetchedAt) });
      else failed.push({ storeId: target.storeId, error: result.failure.kind, message: result.failure.message });
      outcomes.push({ storeId: target.storeId, at: fetchedAt, failure: result.ok ? null : { kind: result.failure.kind, message: result.failure.message } });
    }
    // Confirm before alarming: a large drop is read once more, for the same user, before anything is stored.
    const observed: NewDailyQuote[] = await this.confirmDrops.execute(read, { userId });
    // The quotes (with their alerts) and the outcomes the stores' health counts commit together.
    const stored = await this.uow.transaction(async () => {
      const done = await this.record.storeInTransaction(observed);
      await this.outcomes.record(outcomes);
      return done;
    });
    return { quotes: stored, failed };
  }
}
