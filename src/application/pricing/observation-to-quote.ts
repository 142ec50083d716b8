import type { PriceObservation } from '../../domain/pricing/price-observation.js';
import type { NewDailyQuote } from '../../domain/pricing/price-quote.js';
import { Money } from '../../domain/shared/money.js';

export function quoteFrom(editionId: number, storeId: number, observation: PriceObservation, fetchedAt: Date): NewDailyQuote {
  return {
    editionId,
    storeId,
    price: Money.parse(observation.amount, observation.currency),
    availability: observation.availability,
    url: observation.url,
    fetchedAt,
    evidence: observation.evidence ?? null,
  };
}
