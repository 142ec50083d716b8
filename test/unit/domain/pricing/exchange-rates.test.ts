import { describe, expect, it } from 'vitest';
import {
  addDays,
  convert,
  convertOnDay,
  crossRate,
  rateDayFor,
  ratio,
  type ReferenceRateDay,
  validateRateDays,
} from '../../../../src/domain/pricing/exchange-rates.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { ValidationError } from '../../../../src/domain/shared/domain-error.js';

const day = (date: string, rates: Record<string, string>): ReferenceRateDay => ({ day: date, perEuro: new Map(Object.entries(rates)) });
const friday = day('2026-11-27', { USD: '1.0542', GBP: '0.83695', JPY: '161.23', CLP: '1012.45', CHF: '0.9310' });

describe('cross rates through the euro', () => {
  it('reads a euro rate as published and its inverse to 8 decimals, half up', () => {
    expect(crossRate(friday, 'EUR', 'USD')).toBe('1.05420000');
    expect(crossRate(friday, 'GBP', 'EUR')).toBe('1.19481451'); // 1 / 0.83695 = 1.1948145050…
    expect(crossRate(friday, 'USD', 'USD')).toBe('1.00000000');
  });

  it('crosses two non-euro currencies as (units of `to` per euro) / (units of `from` per euro)', () => {
    expect(crossRate(friday, 'GBP', 'USD')).toBe('1.25957345'); // 1.0542 / 0.83695 = 1.259573451…
    expect(crossRate(friday, 'JPY', 'EUR')).toBe('0.00620232'); // 1 / 161.23 = 0.006202319…
  });

  it('is null when the day does not list a currency', () => {
    expect(crossRate(friday, 'SEK', 'EUR')).toBeNull();
    expect(crossRate(friday, 'EUR', 'SEK')).toBeNull();
  });

  it('rounds a half up exactly, without floating point', () => {
    expect(ratio('1', '8')).toBe('0.12500000');
    expect(ratio('1', '3')).toBe('0.33333333');
    expect(ratio('2', '3')).toBe('0.66666667');
    expect(ratio('0.000000005', '1')).toBe('0.00000001');
    expect(ratio('0.000000004999', '1')).toBe('0.00000000');
  });
});

describe('converting an amount', () => {
  it('rounds to the target currency minor unit, half up', () => {
    expect(convert(Money.parse('10.99', 'GBP'), 'EUR', '1.19481451').amount).toBe('13.13'); // 13.1310113…
    expect(convert(Money.parse('0.01', 'EUR'), 'USD', '1.50000000').amount).toBe('0.02'); // 1.5 cents → 2
    expect(convert(Money.parse('0.01', 'EUR'), 'USD', '1.49999999').amount).toBe('0.01');
  });

  it('moves between currencies with different minor units in both directions', () => {
    expect(convert(Money.parse('3340', 'JPY'), 'EUR', '0.00620232').amount).toBe('20.72'); // 20.7157…
    expect(convert(Money.parse('20.72', 'EUR'), 'JPY', '161.23000000').amount).toBe('3341'); // 3340.68
    expect(convert(Money.parse('3340', 'CLP'), 'JPY', '0.15924737').amount).toBe('532'); // 531.89
  });

  it('keeps large amounts exact', () => {
    expect(convert(Money.parse('999999999999.99', 'EUR'), 'USD', '1.05420000').amount).toBe('1054199999999.99');
  });
});

describe('which day a quote is converted at', () => {
  const published = ['2026-11-20', '2026-11-24', '2026-11-25', '2026-11-27'];

  it('takes the quote day itself, else the latest earlier published day', () => {
    expect(rateDayFor('2026-11-27', published)).toBe('2026-11-27');
    expect(rateDayFor('2026-11-29', published)).toBe('2026-11-27'); // a Sunday: Friday's rates
    expect(rateDayFor('2026-11-26', published)).toBe('2026-11-25');
  });

  it('never takes a later day, nor one more than 7 days before the quote', () => {
    expect(rateDayFor('2026-11-19', published)).toBeNull();
    expect(rateDayFor('2026-12-04', published)).toBe('2026-11-27'); // 7 days: still used
    expect(rateDayFor('2026-12-05', published)).toBeNull(); // 8 days: too old
  });

  it('converts on the chosen day, skipping days that do not list the currency', () => {
    const days = [friday, day('2026-11-28', { USD: '2' })];
    const converted = convertOnDay(Money.parse('10.99', 'GBP'), 'EUR', '2026-11-29', days);
    expect(converted).toEqual({ price: Money.parse('13.13', 'EUR'), rate: '1.19481451', rateDay: '2026-11-27' });
    expect(convertOnDay(Money.parse('10.00', 'USD'), 'EUR', '2026-11-29', days)?.rateDay).toBe('2026-11-28');
    expect(convertOnDay(Money.parse('10.00', 'SEK'), 'EUR', '2026-11-29', days)).toBeNull();
  });

  it('counts days across month ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('a publication is checked before anything is stored', () => {
  it('accepts real days with positive rates of known currencies', () => {
    expect(() => validateRateDays([friday])).not.toThrow();
  });

  it.each([
    ['no day', []],
    ['a negative rate', [day('2026-11-27', { USD: '-1.05' })]],
    ['a zero rate', [day('2026-11-27', { USD: '0.0000' })]],
    ['an exponent', [day('2026-11-27', { USD: '1e3' })]],
    ['a malformed currency code', [day('2026-11-27', { usd: '1.2' })]],
    ['the euro against itself', [day('2026-11-27', { EUR: '1' })]],
    ['an impossible day', [day('2026-02-30', { USD: '1.05' })]],
    ['a day without rates', [day('2026-11-27', {})]],
  ])('refuses %s', (_what, days) => {
    expect(() => validateRateDays(days)).toThrow(ValidationError);
  });
});
