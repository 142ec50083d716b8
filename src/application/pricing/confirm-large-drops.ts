import { inject, injectable } from 'inversify';
import { quoteSuspect } from '../../domain/logging/pricing-events.js';
import { needsSecondReading, secondReadingAgrees } from '../../domain/pricing/drop-confirmation.js';
import type { PriceFetchResult } from '../../domain/pricing/price-observation.js';
import type { NewDailyQuote } from '../../domain/pricing/price-quote.js';
import { LogSink } from '../logging/log-sink.js';
import { Clock } from '../shared/clock.js';
import { DropConfirmationPolicy } from './ports/drop-confirmation-policy.js';
import { type FetchRequester, PriceSource, type StoreTarget } from './ports/price-source.js';
import { PreviousPrices } from './ports/previous-prices.js';

/** A quote just read from a store's page, and the page's target, to read it again. */
export interface FirstReading {
  target: StoreTarget;
  quote: NewDailyQuote;
}

/**
 * Confirm before alarming (drop-confirmation.ts): before new quotes are stored, each that drops more than the
 * policy's percentage under the store's previous price, for an edition someone watches, is read once more through
 * the same PriceSource (and the same store gate, for the same requester); a second reading that disagrees marks the
 * quote suspect and logs `quote_suspect`. Runs before the caller's transaction: no page is fetched while it is open.
 */
@injectable()
export class ConfirmLargeDrops {
  constructor(
    @inject(PreviousPrices) private readonly previousPrices: PreviousPrices,
    @inject(PriceSource) private readonly source: PriceSource,
    @inject(DropConfirmationPolicy) private readonly policy: DropConfirmationPolicy,
    @inject(LogSink) private readonly logs: LogSink,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  /** The quotes, in their order, each marked suspect when its second reading disagreed. */
  async execute(readings: readonly FirstReading[], requester: FetchRequester = null): Promise<NewDailyQuote[]> {
    const percent = this.policy.dropPercent;
    if (percent === null || readings.length === 0) return readings.map((r) => r.quote);
    const before = await this.previousPrices.before(
      readings.map(({ quote }) => ({ editionId: quote.editionId, storeId: quote.storeId, currency: quote.price.currency })),
    );
    return Promise.all(
      readings.map(async ({ target, quote }, i): Promise<NewDailyQuote> => {
        const known = before[i];
        if (!known?.watched || !needsSecondReading(quote, known.previous, percent)) return quote;
        const second = await this.source.fetchPrice(target, requester);
        if (secondReadingAgrees(quote.price, second)) return quote;
        this.logs.record(
          quoteSuspect(
            {
              edition_id: quote.editionId,
              store_id: quote.storeId,
              amount: quote.price.amount,
              currency: quote.price.currency,
              previous_amount: known.previous?.amount ?? '',
              second_reading: readingText(second),
              evidence: quote.evidence ?? null,
              on_demand: requester !== null,
            },
            this.clock.now(),
          ),
        );
        return { ...quote, suspect: true };
      }),
    );
  }
}

function readingText(result: PriceFetchResult): string {
  return result.ok ? `${result.observation.amount} ${result.observation.currency}` : result.failure.kind;
}
