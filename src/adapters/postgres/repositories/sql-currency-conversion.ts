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

/** (to / from) rounded half up to RATE_DECIMALS: floor((2 × to × 10^d + from) / (2 × from)) / 10^d, exact (div's integer quotient). */
export function roundedRateSql(perEuroFrom: string, perEuroTo: string): string {
  const scale = `1${'0'.repeat(RATE_DECIMALS)}`;
  return `(div(2 * ${perEuroTo} * ${scale} + ${perEuroFrom}, 2 * ${perEuroFrom}) / ${scale})::numeric(30, ${RATE_DECIMALS})`;
}

/**
 * A lateral subquery: the rate converting `from` into `to` for a quote of day `day` (a date expression), as columns
 * `rate` (units of `to` per unit of `from`, RATE_DECIMALS decimals, rounded half up) and `rate_date`: the latest
 * published day not after `day` and at most RATE_MAX_AGE_DAYS before it that lists both currencies (the euro is on
 * every day). No row when none qualifies, when the two currencies are the same (nothing to convert), or when `onlyIf`
 * (a condition on the outer row) is false — then nothing is read.
 */
export function rateSql(from: string, to: string, day: string, onlyIf = 'true'): string {
  const base = `'${RATE_BASE_CURRENCY}'`;
  // One index range on the quote's currency (the target's when the quote is in euros); the target's row of the same
  // day is looked up only for a cross rate.
  return `select d.rate_date, ${roundedRateSql('c.f', 'c.t')} as rate
       from reference_rate d
       cross join lateral (
         select case when ${from} = ${base} then 1 else d.per_euro end as f,
                case when ${from} = ${base} then d.per_euro
                     when ${to} = ${base} then 1
                     else (select t.per_euro from reference_rate t where t.currency = ${to} and t.rate_date = d.rate_date) end as t) c
       where ${onlyIf} and ${from} <> ${to}
         and d.currency = (case when ${from} = ${base} then ${to} else ${from} end)
         and d.rate_date <= ${day} and d.rate_date >= ${day} - ${RATE_MAX_AGE_DAYS}
         and c.t is not null
       order by d.rate_date desc
       limit 1`;
}

/**
 * rateSql's rates for every day at once, for statements that convert many quotes: for each row (from_currency,
 * to_currency, to_digits) of the query `pairs`, the rate of every day, as rows (currency — the `from` one —, day, rate,
 * rate_date, minor_factor: what one minor unit of it comes to in minor units of `to`, minorFactorSql). Read from
 * reference_rate_day (migration 31: each day's latest publication with its rates into and from the euro already
 * rounded), so a statement joins its quotes to these rows on (currency, day) — one hash for the statement — instead
 * of searching reference_rate and dividing per quote. A cross rate is divided once per day; a day whose cross rate the
 * calendar cannot give (the two currencies' latest publications differ: one was not published that day) is answered
 * by rateSql, for those days only. The target's row is read per day only for a cross rate (a lateral step that a
 * reader converting into or out of the euro never runs; joined, PostgreSQL hashed the whole calendar for every page).
 */
export function calendarRatesSql(pairs: string): string {
  const base = `'${RATE_BASE_CURRENCY}'`;
  return `select o.from_currency as currency, f.day, x.rate, x.rate_date, x.rate * o.scale as minor_factor
      from (select p.from_currency, p.to_currency, ${minorScaleSql(minorDigitsSql('p.from_currency'), 'p.to_digits')} as scale
            from (${pairs}) p where p.from_currency <> p.to_currency offset 0) o
      join reference_rate_day f on f.currency = (case when o.from_currency = ${base} then o.to_currency else o.from_currency end)
        and f.rate_date >= f.day - ${RATE_MAX_AGE_DAYS}
      left join lateral (
        select t.rate_date, t.per_euro from reference_rate_day t
        where o.from_currency <> ${base} and o.to_currency <> ${base}
          and t.currency = o.to_currency and t.day = f.day and t.rate_date = f.rate_date) t on true
      cross join lateral (
        select case when o.from_currency = ${base} then f.rate_from_euro when o.to_currency = ${base} then f.rate_to_euro
                    when t.rate_date is not null then ${roundedRateSql('f.per_euro', 't.per_euro')} end as rate
        offset 0) k
      left join lateral (${rateSql('o.from_currency', 'o.to_currency', 'f.day', 'k.rate is null')}) other on true
      cross join lateral (
        select coalesce(k.rate, other.rate) as rate, case when k.rate is not null then f.rate_date else other.rate_date end as rate_date) x
      where x.rate is not null`;
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
 * What one minor unit of `from` comes to at `rate` in minor units of the currency with `toDigits` minor digits:
 * rate × 10^(toDigits − fromDigits), exact (a product of numerics rounds nothing).
 */
export function minorFactorSql(rate: string, from: string, toDigits: string): string {
  return `(${rate} * ${minorScaleSql(minorDigitsSql(from), toDigits)})`;
}

/** `amountMinor` at a minor factor (minorFactorSql), rounded half up to a whole minor unit. */
export function byMinorFactorSql(amountMinor: string, minorFactor: string): string {
  return `round(${amountMinor} * ${minorFactor})::bigint`;
}

/**
 * `amountMinor` (minor units of `from`) at `rate`, in minor units of the currency with `toDigits` minor digits,
 * rounded half up (PostgreSQL rounds a numeric half away from zero: the same for the amounts, never negative).
 */
export function convertedMinorSql(amountMinor: string, rate: string, from: string, toDigits: string): string {
  return byMinorFactorSql(amountMinor, minorFactorSql(rate, from, toDigits));
}

/** The UTC day of a timestamptz, as the domain's utcDay: a quote's day for its rate. */
export const utcDaySql = (at: string): string => `(${at} at time zone 'UTC')::date`;
