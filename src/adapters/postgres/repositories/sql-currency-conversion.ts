import { RATE_BASE_CURRENCY, RATE_DECIMALS, RATE_MAX_AGE_DAYS } from '../../../domain/pricing/exchange-rates.js';
import { ISO_4217_CURRENCIES } from '../../../domain/reference/iso-4217-currencies.js';

/*
 * The SQL twin of the domain's conversion (domain/pricing/exchange-rates.ts: rateDayFor, crossRate, convert), for the
 * statements that rank converted prices. Everything is exact numeric arithmetic (no division rounded before the one
 * rounding the domain does), so both give the same cents: test/contracts/rules/currency-conversion.ts plays one case
 * table through both.
 */

/** A currency's minor digits (ISO 4217, the domain's table): only the currencies without two are named. */
export function minorDigitsSql(currency: string): string {
  const others = Object.entries(ISO_4217_CURRENCIES).filter(([, c]) => c.minorDigits !== 2);
  return `(case ${currency} ${others.map(([code, c]) => `when '${code}' then ${c.minorDigits}`).join(' ')} else 2 end)`;
}

/** 10^k as an exact numeric literal (a product, never a division, so nothing is rounded early). */
const powerOfTen = (k: number): string => (k >= 0 ? `1${'0'.repeat(k)}` : `0.${'0'.repeat(-k - 1)}1`);

/** 10^(toDigits − fromDigits): what turns minor units of one currency times a rate into minor units of the other. */
function minorScaleSql(fromDigits: string, toDigits: string): string {
  const differences = [-4, -3, -2, -1, 1, 2, 3, 4];
  return `(case ${toDigits} - ${fromDigits} ${differences.map((k) => `when ${k} then ${powerOfTen(k)}`).join(' ')} else 1 end)`;
}

/**
 * A lateral subquery: the rate converting `from` into `to` for a quote of day `day` (a date expression), as columns
 * `rate` (units of `to` per unit of `from`, RATE_DECIMALS decimals, rounded half up) and `rate_date`: the latest
 * published day not after `day` and at most RATE_MAX_AGE_DAYS before it that lists both currencies (the euro is on
 * every day). No row when none qualifies, or when the two currencies are the same (nothing to convert).
 */
export function rateSql(from: string, to: string, day: string): string {
  const base = `'${RATE_BASE_CURRENCY}'`;
  const scale = `1${'0'.repeat(RATE_DECIMALS)}`;
  // One index range on the quote's currency (the target's when the quote is in euros); the target's row of the same
  // day is looked up only for a cross rate. (to / from) half up: floor((2 × to × 10^d + from) / (2 × from)) / 10^d,
  // with div's exact integer quotient.
  return `select d.rate_date, (div(2 * c.t * ${scale} + c.f, 2 * c.f) / ${scale})::numeric(30, ${RATE_DECIMALS}) as rate
       from reference_rate d
       cross join lateral (
         select case when ${from} = ${base} then 1 else d.per_euro end as f,
                case when ${from} = ${base} then d.per_euro
                     when ${to} = ${base} then 1
                     else (select t.per_euro from reference_rate t where t.currency = ${to} and t.rate_date = d.rate_date) end as t) c
       where ${from} <> ${to}
         and d.currency = (case when ${from} = ${base} then ${to} else ${from} end)
         and d.rate_date <= ${day} and d.rate_date >= ${day} - ${RATE_MAX_AGE_DAYS}
         and c.t is not null
       order by d.rate_date desc
       limit 1`;
}

/**
 * A lower bound of what one minor unit of `from` is worth in minor units of `to` (`toDigits` minor digits) on any day
 * of the reference rates: the lowest units of `to` per euro over the highest of `from`, less the rate's rounding, at
 * the two currencies' minor scale. Null when either has no rate at all (nothing in `from` converts). What lets the
 * statements skip the rows that, converted, could not undercut a price already found (no rate looked up for them).
 */
export function minorFactorFloorSql(from: string, to: string, toDigits: string): string {
  const base = `'${RATE_BASE_CURRENCY}'`;
  const perEuro = (currency: string, extreme: 'min' | 'max'): string =>
    `(case when ${currency} = ${base} then 1 else (select ${extreme}(b.per_euro) from reference_rate b where b.currency = ${currency}) end)`;
  return `((${perEuro(to, 'min')} / ${perEuro(from, 'max')} - 0.${'0'.repeat(RATE_DECIMALS - 1)}1) * ${minorScaleSql(minorDigitsSql(from), toDigits)})`;
}

/**
 * `amountMinor` (minor units of `from`) at `rate`, in minor units of the currency with `toDigits` minor digits,
 * rounded half up (PostgreSQL rounds a numeric half away from zero: the same for the amounts, never negative).
 */
export function convertedMinorSql(amountMinor: string, rate: string, from: string, toDigits: string): string {
  return `round(${amountMinor} * ${rate} * ${minorScaleSql(minorDigitsSql(from), toDigits)})::bigint`;
}

/** The UTC day of a timestamptz, as the domain's utcDay: a quote's day for its rate. */
export const utcDaySql = (at: string): string => `(${at} at time zone 'UTC')::date`;
