// What RefreshExchangeRates and the conversion rely on from an ExchangeRateStore: days kept as published (the rate
// text unchanged), a day published again replaced, the newest day known. Played on the in-memory fake (unit) and on
// SqlExchangeRateStore (integration).
import { describe, expect, it } from 'vitest';
import type { ExchangeRateStore } from '../../../src/application/pricing/ports/exchange-rate-store.js';
import type { ReferenceRateDay } from '../../../src/domain/pricing/exchange-rates.js';

const day = (date: string, rates: Record<string, string>): ReferenceRateDay => ({ day: date, perEuro: new Map(Object.entries(rates)) });
const plain = (days: ReferenceRateDay[]) => days.map(({ day: date, perEuro }) => [date, Object.fromEntries(perEuro)]);

export function describeExchangeRateStoreContract(name: string, makeSubject: () => Promise<ExchangeRateStore>): void {
  describe(`ExchangeRateStore contract: ${name}`, () => {
    it('knows no day before the first save', async () => {
      const store = await makeSubject();
      expect(await store.latestDay()).toBeNull();
      expect(await store.daysSince('2000-01-01')).toEqual([]);
    });

    it('keeps each day with its rates as published, oldest first, from the day asked', async () => {
      const store = await makeSubject();
      await store.saveDays([day('2026-11-27', { USD: '1.0542', JPY: '161.23' }), day('2026-11-26', { USD: '1.0511', IDR: '16742.5' })]);
      expect(await store.latestDay()).toBe('2026-11-27');
      expect(plain(await store.daysSince('2026-11-26'))).toEqual([
        ['2026-11-26', { IDR: '16742.5', USD: '1.0511' }],
        ['2026-11-27', { JPY: '161.23', USD: '1.0542' }],
      ]);
      expect(plain(await store.daysSince('2026-11-27'))).toEqual([['2026-11-27', { JPY: '161.23', USD: '1.0542' }]]);
    });

    it('replaces a day published again, rate by rate, and keeps the other days', async () => {
      const store = await makeSubject();
      await store.saveDays([day('2026-11-26', { USD: '1.0511' }), day('2026-11-27', { USD: '1.0542', GBP: '0.83695' })]);
      await store.saveDays([day('2026-11-27', { USD: '1.06' })]);
      expect(plain(await store.daysSince('2026-11-01'))).toEqual([
        ['2026-11-26', { USD: '1.0511' }],
        ['2026-11-27', { GBP: '0.83695', USD: '1.06' }],
      ]);
    });

    it('keeps small and large rates to the digit', async () => {
      const store = await makeSubject();
      await store.saveDays([day('2026-11-27', { KWD: '0.32415', VND: '27123.000001' })]);
      expect(plain(await store.daysSince('2026-11-27'))).toEqual([['2026-11-27', { KWD: '0.32415', VND: '27123.000001' }]]);
    });

    it('keeps what the latest refresh did, the one before replaced', async () => {
      const store = await makeSubject();
      expect(await store.lastRefresh()).toBeNull();
      const updated = { at: new Date('2026-11-27T16:05:00Z'), outcome: 'updated', reason: null, message: null, newestDay: '2026-11-27' } as const;
      await store.recordRefresh(updated);
      expect(await store.lastRefresh()).toEqual(updated);
      const refused = { at: new Date('2026-11-28T16:05:00Z'), outcome: 'refused', reason: 'late', message: 'the newest day 2026-11-20 is late', newestDay: null } as const;
      await store.recordRefresh(refused);
      expect(await store.lastRefresh()).toEqual(refused);
    });
  });
}
