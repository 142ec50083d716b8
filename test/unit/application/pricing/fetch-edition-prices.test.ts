// FetchEditionPrices with hand-written fakes: the edition's cooldown, the user's quota, and what a fetch stores.
import { describe, expect, it } from 'vitest';
import { DeliverAlerts } from '../../../../src/application/alerts/deliver-alerts.js';
import { RaiseAlerts } from '../../../../src/application/alerts/raise-alerts.js';
import { FetchEditionPrices, type OnDemandLimits } from '../../../../src/application/pricing/fetch-edition-prices.js';
import { ConfirmLargeDrops } from '../../../../src/application/pricing/confirm-large-drops.js';
import { RecordObservations } from '../../../../src/application/pricing/record-observations.js';
import { EditionNotFoundError } from '../../../../src/domain/catalog/errors.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { FakeAlertDetector } from '../../../support/fakes/fake-alert-detector.js';
import { channelScheduling } from '../../../support/fakes/in-memory-channel-deliveries.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { FakePriceSource } from '../../../support/fakes/fake-price-source.js';
import { FakeUnitOfWork } from '../../../support/fakes/fake-unit-of-work.js';
import { InMemoryFetchOutcomeLedger } from '../../../support/fakes/in-memory-fetch-outcome-ledger.js';
import { InMemoryPreviousPrices } from '../../../support/fakes/in-memory-previous-prices.js';
import { InMemoryPricingRepository } from '../../../support/fakes/in-memory-pricing-repository.js';
import { aNewUserAlert, anEditionWithTargets, aPriceFound, aStoreTarget } from '../../../support/mothers/pricing.js';

const READER = 5;
const OTHER_READER = 6;
const LIMITS: OnDemandLimits = { cooldownSeconds: 600, perUser: { limit: 2, windowSeconds: 3600 } };

function world() {
  const clock = new FakeClock();
  const pricing = new InMemoryPricingRepository();
  const source = new FakePriceSource();
  const detector = new FakeAlertDetector();
  const logs = new FakeLogSink();
  const uow = new FakeUnitOfWork().enlist(pricing);
  const channels = channelScheduling();
  const record = new RecordObservations(pricing, new RaiseAlerts(detector, channels.schedule, new DeliverAlerts(logs, clock), uow), uow);
  const outcomes = new InMemoryFetchOutcomeLedger();
  uow.enlist(outcomes);
  // Confirm before alarming at the default 40 %; no edition is watched unless a test says so.
  const previous = new InMemoryPreviousPrices(pricing);
  const use = new FetchEditionPrices(pricing, source, record, clock, uow, outcomes, new ConfirmLargeDrops(previous, source, { dropPercent: 40 }, logs, clock));
  return { use, clock, pricing, source, detector, channels, logs, uow, outcomes, previous };
}

describe('FetchEditionPrices', () => {
  it('reads a large drop once more for the same user before storing it; a second reading that disagrees keeps the quote as suspect', async () => {
    const { use, pricing, source, previous, clock } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1, storeIds: [2] }));
    const url = aStoreTarget({ editionId: 1, storeId: 2 }).productUrl;
    await pricing.addDailyQuotes([{ editionId: 1, storeId: 2, price: Money.parse('30.00', 'EUR'), availability: 'in_stock', url, fetchedAt: clock.now() }]);
    previous.watch(1);
    source.answer(url, aPriceFound({ amount: '3.00' }));
    source.beforeAnswer = () => {
      if (source.fetched.length === 2) source.answer(url, { ok: false, failure: { kind: 'ambiguous_price', message: 'two prices' } });
    };

    const result = await use.execute(READER, 1, LIMITS);
    expect(source.requesters).toEqual([{ userId: READER }, { userId: READER }]);
    expect(result.quotes.map((q) => [q.price.amount, q.suspect])).toEqual([['3.00', true]]);
    expect(result.failed).toEqual([]);
  });

  it('fetches every store for the user, stores the prices found and reports each store that failed', async () => {
    const { use, pricing, source, clock } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1, storeIds: [2, 3, 4] }));
    source.answer(aStoreTarget({ editionId: 1, storeId: 2 }).productUrl, aPriceFound({ amount: '18.9', url: 'https://store-2.example/p', evidence: 'json-ld 18.90 EUR' }));
    source.answer(aStoreTarget({ editionId: 1, storeId: 4 }).productUrl, { ok: false, failure: { kind: 'blocked', message: 'captcha' } });

    const result = await use.execute(READER, 1, LIMITS);

    expect(source.fetched.map((t) => t.storeId)).toEqual([2, 3, 4]);
    expect(source.requesters).toEqual([{ userId: READER }, { userId: READER }, { userId: READER }]);
    expect(result.quotes).toEqual([
      {
        id: 1,
        editionId: 1,
        storeId: 2,
        price: Money.parse('18.90', 'EUR'),
        availability: 'in_stock',
        url: 'https://store-2.example/p',
        fetchedAt: clock.now(),
        kind: 'daily',
        monthly: null,
        evidence: 'json-ld 18.90 EUR',
        suspect: false,
      },
    ]);
    expect(result.failed).toEqual([
      { storeId: 3, error: 'not_found', message: `no page at ${aStoreTarget({ editionId: 1, storeId: 3 }).productUrl}` },
      { storeId: 4, error: 'blocked', message: 'captcha' },
    ]);
    expect(pricing.quotes).toEqual(result.quotes);
  });

  it("counts every store's answer for its health, with the quotes in one transaction, and nothing when storing fails", async () => {
    const { use, pricing, source, clock, outcomes, uow } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1, storeIds: [2, 3] }));
    source.answer(aStoreTarget({ editionId: 1, storeId: 2 }).productUrl, aPriceFound());
    source.answer(aStoreTarget({ editionId: 1, storeId: 3 }).productUrl, { ok: false, failure: { kind: 'no_price', message: 'nothing price-like' } });
    await use.execute(READER, 1, LIMITS);
    expect(outcomes.outcomes).toEqual([
      { storeId: 2, at: clock.now(), failure: null },
      { storeId: 3, at: clock.now(), failure: { kind: 'no_price', message: 'nothing price-like' } },
    ]);
    expect(uow.committed).toBe(2);

    pricing.addEdition(anEditionWithTargets({ editionId: 7, storeIds: [2] }));
    source.answer(aStoreTarget({ editionId: 7, storeId: 2 }).productUrl, aPriceFound());
    pricing.failNextAdd();
    await expect(use.execute(OTHER_READER, 7, LIMITS)).rejects.toThrow('could not store the quotes');
    expect(outcomes.outcomes).toHaveLength(2);
  });

  it("queues the channel messages of the alerts the new quotes trigger, without sending them on the request", async () => {
    const { use, pricing, source, detector, channels, logs } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1, storeIds: [2] }));
    source.answer(aStoreTarget({ editionId: 1, storeId: 2 }).productUrl, aPriceFound());
    channels.directory.routes.push({ channelId: 4, userId: 5, kind: 'email', alertKinds: ['below_max_price'], delivery: 'immediate' });
    detector.alertsFor(1, aNewUserAlert({ userId: 5 }));
    await use.execute(READER, 1, LIMITS);
    expect(detector.asked).toEqual([[1]]);
    expect(channels.queue.queued.map((m) => m.channelId)).toEqual([4]);
    expect(logs.named('alert_sent').map((e) => e.detail.channel)).toEqual(['in_app']);
  });

  it('refuses an unknown edition with not_found before counting anything against the user', async () => {
    const { use, pricing, source } = world();
    const refused = use.execute(READER, 99, LIMITS);
    await expect(refused).rejects.toBeInstanceOf(EditionNotFoundError);
    await expect(refused).rejects.toMatchObject({ code: 'not_found' });
    expect(pricing.usedByUser(READER)).toBe(0);
    expect(source.fetched).toEqual([]);
  });

  it("refuses a second fetch of an edition within its cooldown, for any user, with the seconds left", async () => {
    const { use, pricing, source, clock } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1 }));
    await use.execute(READER, 1, LIMITS);
    clock.advance(200_000);

    const refused = use.execute(OTHER_READER, 1, LIMITS);
    await expect(refused).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 400 });
    expect(source.fetched).toHaveLength(1);

    clock.advance(400_000);
    await expect(use.execute(OTHER_READER, 1, LIMITS)).resolves.toMatchObject({ failed: [{ storeId: 2 }] });
    expect(source.fetched).toHaveLength(2);
  });

  it("refuses a user past the per-user limit until the window ends, even for another edition", async () => {
    const { use, pricing, source, clock } = world();
    for (const editionId of [1, 2, 3]) pricing.addEdition(anEditionWithTargets({ editionId }));
    await use.execute(READER, 1, LIMITS);
    clock.advance(60_000);
    await use.execute(READER, 2, LIMITS);
    clock.advance(60_000);

    const refused = use.execute(READER, 3, LIMITS);
    await expect(refused).rejects.toMatchObject({ code: 'rate_limited', retryAfterSeconds: 3600 - 120 });
    await expect(refused).rejects.toThrow('You fetched prices 2 times recently');
    // Another user is not held back by this one's quota.
    await expect(use.execute(OTHER_READER, 3, LIMITS)).resolves.toBeDefined();

    clock.advance(3480_000);
    pricing.addEdition(anEditionWithTargets({ editionId: 4 }));
    await expect(use.execute(READER, 4, LIMITS)).resolves.toBeDefined();
    expect(source.fetched.map((t) => t.productUrl)).toEqual([1, 2, 3, 4].map((editionId) => aStoreTarget({ editionId }).productUrl));
  });

  it("a request the edition's cooldown refuses costs the user nothing: both claims are taken back together", async () => {
    const { use, pricing, uow } = world();
    for (const editionId of [1, 2, 3]) pricing.addEdition(anEditionWithTargets({ editionId }));
    await use.execute(OTHER_READER, 1, LIMITS);

    await expect(use.execute(READER, 1, LIMITS)).rejects.toMatchObject({ code: 'rate_limited' });
    expect(uow.rolledBack).toBe(1);
    expect(pricing.usedByUser(READER)).toBe(0);

    // So the reader still has the whole quota of two.
    await use.execute(READER, 2, LIMITS);
    await use.execute(READER, 3, LIMITS);
    expect(pricing.usedByUser(READER)).toBe(2);
  });

  it('a refused user does not start the edition\'s cooldown', async () => {
    const { use, pricing } = world();
    for (const editionId of [1, 2, 3]) pricing.addEdition(anEditionWithTargets({ editionId }));
    await use.execute(READER, 1, LIMITS);
    await use.execute(READER, 2, LIMITS);
    await expect(use.execute(READER, 3, LIMITS)).rejects.toMatchObject({ code: 'rate_limited' });
    await expect(use.execute(OTHER_READER, 3, LIMITS)).resolves.toBeDefined();
  });

  it('stores nothing and answers empty lists for an edition no active store sells', async () => {
    const { use, pricing, source, detector } = world();
    pricing.addEdition(anEditionWithTargets({ editionId: 1, storeIds: [] }));
    expect(await use.execute(READER, 1, LIMITS)).toEqual({ quotes: [], failed: [] });
    expect(source.fetched).toEqual([]);
    expect(detector.asked).toEqual([]);
  });
});
