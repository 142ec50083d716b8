import { beforeEach, describe, expect, it } from 'vitest';
import type { RatesAnswer } from '../../../../src/application/pricing/ports/exchange-rate-source.js';
import { RefreshExchangeRates } from '../../../../src/application/pricing/refresh-exchange-rates.js';
import type { ReferenceRateDay } from '../../../../src/domain/pricing/exchange-rates.js';
import { FakeClock } from '../../../support/fakes/fake-clock.js';
import { FakeExchangeRateSource } from '../../../support/fakes/fake-exchange-rate-source.js';
import { FakeLogSink } from '../../../support/fakes/fake-log-sink.js';
import { InMemoryExchangeRateStore } from '../../../support/fakes/in-memory-exchange-rate-store.js';

const day = (date: string, rates: Record<string, string>): ReferenceRateDay => ({ day: date, perEuro: new Map(Object.entries(rates)) });

describe('RefreshExchangeRates', () => {
  let source: FakeExchangeRateSource;
  let store: InMemoryExchangeRateStore;
  let logs: FakeLogSink;
  let refresh: RefreshExchangeRates;

  beforeEach(() => {
    source = new FakeExchangeRateSource();
    store = new InMemoryExchangeRateStore();
    logs = new FakeLogSink();
    refresh = new RefreshExchangeRates(source, store, logs, new FakeClock(new Date('2026-11-27T16:30:00Z')));
  });

  it('loads the recent history on a first start, then asks for the latest day only', async () => {
    source.answers.history = { kind: 'rates', days: [day('2026-11-26', { USD: '1.05' }), day('2026-11-25', { USD: '1.04', GBP: '0.84' })] };
    expect(await refresh.execute()).toMatchObject({ outcome: 'updated', publication: 'history', dayCount: 2, newestDay: '2026-11-26' });
    source.answers.latest = { kind: 'rates', days: [day('2026-11-27', { USD: '1.06', GBP: '0.85' })] };
    expect(await refresh.execute()).toMatchObject({ outcome: 'updated', publication: 'latest', newestDay: '2026-11-27' });
    expect(source.asked).toEqual(['history', 'latest']);
    expect((await store.daysSince('2026-11-01')).map(({ day: kept }) => kept)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(await store.lastRefresh()).toEqual({ at: new Date('2026-11-27T16:30:00Z'), outcome: 'updated', reason: null, message: null, newestDay: '2026-11-27' });
    expect(logs.events.map(({ event, detail }) => [event, detail])).toEqual([
      ['exchange_rates_updated', { day_count: 2, currency_count: 1, newest_day: '2026-11-26' }],
      ['exchange_rates_updated', { day_count: 1, currency_count: 2, newest_day: '2026-11-27' }],
    ]);
  });

  it('asks for the history again when the days kept fell behind', async () => {
    await store.saveDays([day('2026-11-20', { USD: '1.05' })]);
    source.answers.history = { kind: 'rates', days: [day('2026-11-27', { USD: '1.06' })] };
    await refresh.execute();
    expect(source.asked).toEqual(['history']);
  });

  describe('stores nothing and logs one event when the publication is', () => {
    beforeEach(async () => {
      await store.saveDays([day('2026-11-26', { USD: '1.05' })]);
    });

    it.each([
      ['missing', { kind: 'refused', reason: 'missing', message: 'answered 404' } as const, 'missing'],
      ['unreadable', { kind: 'refused', reason: 'unreadable', message: 'not an envelope' } as const, 'unreadable'],
      ['unavailable', { kind: 'refused', reason: 'unavailable', message: 'timeout' } as const, 'unavailable'],
      ['holding a negative rate', { kind: 'rates', days: [day('2026-11-27', { USD: '1.06', GBP: '-0.85' })] } as const, 'invalid'],
      ['holding a malformed currency code', { kind: 'rates', days: [day('2026-11-27', { 'US$': '1.06' })] } as const, 'invalid'],
      ['from the future', { kind: 'rates', days: [day('2026-11-28', { USD: '1.06' })] } as const, 'invalid'],
      ['late', { kind: 'rates', days: [day('2026-11-21', { USD: '1.06' })] } as const, 'late'],
    ])('%s', async (_what, answer, reason) => {
      source.answers.latest = answer as RatesAnswer;
      expect(await refresh.execute()).toMatchObject({ outcome: 'refused', reason });
      expect(await store.daysSince('2026-01-01')).toEqual([day('2026-11-26', { USD: '1.05' })]);
      expect(logs.events).toHaveLength(1);
      expect(logs.events[0]).toMatchObject({ level: 'warn', event: 'exchange_rates_refused', detail: { reason, publication: 'latest' } });
      // The rates' health says why: the refusal is kept, the rates are not.
      expect(await store.lastRefresh()).toMatchObject({ outcome: 'refused', reason, newestDay: null, message: expect.any(String) });
    });
  });

  it('takes a newest day five days old (a long holiday) but not six', async () => {
    await store.saveDays([day('2026-11-26', { USD: '1.05' })]);
    source.answers.latest = { kind: 'rates', days: [day('2026-11-22', { USD: '1.06' })] };
    expect(await refresh.execute()).toMatchObject({ outcome: 'updated' });
    source.answers.latest = { kind: 'rates', days: [day('2026-11-21', { USD: '1.06' })] };
    expect(await refresh.execute()).toMatchObject({ outcome: 'refused', reason: 'late' });
  });
});
