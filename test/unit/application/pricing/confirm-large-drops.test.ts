// Confirm before alarming (issue 26 §11), with hand-written fakes: which quotes are read twice, what a second reading
// that disagrees does to the quote, and that both fetch paths (the daily bundle, the on-demand fetch) go through it.
import { describe, expect, it } from 'vitest';
import { ConfirmLargeDrops } from '../../../../src/application/pricing/confirm-large-drops.js';
import type { NewDailyQuote } from '../../../../src/domain/pricing/price-quote.js';
import type { PriceFetchResult } from '../../../../src/domain/pricing/price-observation.js';
import { needsSecondReading, secondReadingAgrees } from '../../../../src/domain/pricing/drop-confirmation.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakePriceSource } from '../../../support/fakes/fake-price-source.js';
import { InMemoryPreviousPrices } from '../../../support/fakes/in-memory-previous-prices.js';
import { InMemoryPricingRepository } from '../../../support/fakes/in-memory-pricing-repository.js';
import { aPriceFound, aStoreTarget } from '../../../support/mothers/pricing.js';

const eur = (amount: string) => Money.parse(amount, 'EUR');

describe('needsSecondReading (domain)', () => {
  const quote = (amount: string, availability: 'in_stock' | 'out_of_stock' = 'in_stock') => ({ price: eur(amount), availability });
  it('only a drop of more than the percentage under the previous price in the same currency, that can be bought', () => {
    expect(needsSecondReading(quote('5.99'), eur('10.00'), 40)).toBe(true);
    expect(needsSecondReading(quote('6.00'), eur('10.00'), 40)).toBe(false); // exactly 40 % is not more
    expect(needsSecondReading(quote('5.00'), eur('10.00'), null)).toBe(false); // off
    expect(needsSecondReading(quote('5.00'), null, 40)).toBe(false); // the first quote: nothing to drop from
    expect(needsSecondReading(quote('5.00', 'out_of_stock'), eur('10.00'), 40)).toBe(false);
    expect(needsSecondReading(quote('5.00'), Money.parse('10.00', 'GBP'), 40)).toBe(false);
    expect(needsSecondReading(quote('0.00'), eur('10.00'), 99)).toBe(true);
  });

  it('a second reading agrees when it gives the same amount in the same currency', () => {
    expect(secondReadingAgrees(eur('5.00'), aPriceFound({ amount: '5', currency: 'EUR' }))).toBe(true);
    expect(secondReadingAgrees(eur('5.00'), aPriceFound({ amount: '5.01', currency: 'EUR' }))).toBe(false);
    expect(secondReadingAgrees(eur('5.00'), aPriceFound({ amount: '5.00', currency: 'GBP' }))).toBe(false);
    expect(secondReadingAgrees(eur('5.00'), { ok: false, failure: { kind: 'ambiguous_price', message: 'two prices' } })).toBe(false);
  });
});

function world(dropPercent: number | null = 40) {
  const clock = new FakeClock();
  const pricing = new InMemoryPricingRepository();
  const previous = new InMemoryPreviousPrices(pricing).watch(1);
  const source = new FakePriceSource();
  const logs = new FakeLogSink();
  const confirm = new ConfirmLargeDrops(previous, source, { dropPercent }, logs, clock);
  return { clock, pricing, previous, source, logs, confirm };
}

const target = aStoreTarget({ editionId: 1, storeId: 2 });
const aQuote = (amount: string, editionId = 1): NewDailyQuote => ({
  editionId, storeId: 2, price: eur(amount), availability: 'in_stock', url: target.productUrl, fetchedAt: new Date('2026-11-25T03:00:00Z'),
  evidence: `json-ld ${amount} EUR`,
});

describe('ConfirmLargeDrops', () => {
  it('reads a large drop once more, through the same source and for the same requester; a second reading that agrees leaves the quote as it is', async () => {
    const w = world();
    await w.pricing.addDailyQuotes([aQuote('20.00')]);
    w.source.answer(target.productUrl, aPriceFound({ amount: '9.00' }));
    const quotes = await w.confirm.execute([{ target, quote: aQuote('9.00') }], { userId: 5 });
    expect(quotes).toEqual([aQuote('9.00')]);
    expect(w.source.fetched).toEqual([target]);
    expect(w.source.requesters).toEqual([{ userId: 5 }]);
    expect(w.logs.named('quote_suspect')).toEqual([]);
  });

  it('marks the quote suspect when the second reading gives another amount, and logs what both readings said', async () => {
    const w = world();
    await w.pricing.addDailyQuotes([aQuote('20.00')]);
    w.source.answer(target.productUrl, aPriceFound({ amount: '19.00' }));
    const quotes = await w.confirm.execute([{ target, quote: aQuote('9.00') }]);
    expect(quotes).toEqual([{ ...aQuote('9.00'), suspect: true }]);
    expect(w.logs.named('quote_suspect')).toEqual([
      {
        level: 'warn', source: 'scheduled_fetch', event: 'quote_suspect', time: w.clock.now(),
        detail: {
          edition_id: 1, store_id: 2, amount: '9.00', currency: 'EUR', previous_amount: '20.00',
          second_reading: '19.00 EUR', evidence: 'json-ld 9.00 EUR', on_demand: false,
        },
      },
    ]);
  });

  it.each<[string, PriceFetchResult]>([
    ['a refusal', { ok: false, failure: { kind: 'ambiguous_price', message: 'two prices' } }],
    ['a failed fetch', { ok: false, failure: { kind: 'timeout', message: 'slow' } }],
  ])('marks the quote suspect when the second reading is %s', async (_name, second) => {
    const w = world();
    await w.pricing.addDailyQuotes([aQuote('20.00')]);
    w.source.answer(target.productUrl, second);
    expect(await w.confirm.execute([{ target, quote: aQuote('9.00') }], { userId: 5 })).toEqual([{ ...aQuote('9.00'), suspect: true }]);
    expect(w.logs.named('quote_suspect').map((e) => [e.source, e.detail.second_reading, e.detail.on_demand])).toEqual([
      ['api', second.ok ? '' : second.failure.kind, true],
    ]);
  });

  it('reads nothing twice for a small drop, a first quote, an edition nobody watches, or with the check off', async () => {
    const w = world();
    await w.pricing.addDailyQuotes([aQuote('20.00'), aQuote('20.00', 3)]);
    const unwatched = aStoreTarget({ editionId: 3, storeId: 2 });
    const quotes = [
      { target, quote: aQuote('12.00') }, // 40 % exactly
      { target: aStoreTarget({ editionId: 4, storeId: 2 }), quote: aQuote('1.00', 4) }, // nothing before
      { target: unwatched, quote: aQuote('1.00', 3) },
    ];
    expect(await w.confirm.execute(quotes)).toEqual(quotes.map((q) => q.quote));
    expect(w.source.fetched).toEqual([]);

    const off = world(null);
    await off.pricing.addDailyQuotes([aQuote('20.00')]);
    expect(await off.confirm.execute([{ target, quote: aQuote('1.00') }])).toEqual([aQuote('1.00')]);
    expect(off.previous.asked).toEqual([]);
  });

  it('compares with the latest quote that is not suspect', async () => {
    const w = world();
    await w.pricing.addDailyQuotes([aQuote('20.00'), { ...aQuote('2.00'), suspect: true }]);
    w.source.answer(target.productUrl, aPriceFound({ amount: '2.00' }));
    expect(await w.confirm.execute([{ target, quote: aQuote('2.00') }])).toEqual([aQuote('2.00')]);
    expect(w.source.fetched).toHaveLength(1);
  });
});
