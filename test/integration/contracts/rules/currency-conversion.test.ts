// The currency-conversion case table on PostgreSQL: the case's rates alone in reference_rate (its triggers keep the
// calendar, reference_rate_day), then the production texts over one quote row: the lateral search of one quote's rate
// (rateSql, convertedMinorSql) and the every-day rates that statements converting many quotes join (calendarRatesSql,
// byMinorFactorSql).
import {
  byMinorFactorSql,
  calendarRatesSql,
  convertedMinorSql,
  minorDigitsSql,
  rateSql,
} from '../../../../src/adapters/postgres/repositories/sql-currency-conversion.js';
import { Money } from '../../../../src/domain/shared/money.js';
import { CURRENCY_CONVERSION, type CurrencyConversionCase } from '../../../contracts/rules/currency-conversion.js';
import { money } from '../../../contracts/rules/money-text.js';
import { ruleDatabase } from '../../../contracts/rules/rule-database.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

const on = ruleDatabase();

const STATEMENT = `select x.rate::text as rate, to_char(x.rate_date, 'YYYY-MM-DD') as rate_date,
       ${convertedMinorSql('q.amount_minor', 'x.rate', 'q.currency', minorDigitsSql('q.target'))}::text as minor
  from (select $1::bigint as amount_minor, $2::char(3) as currency, $3::char(3) as target, $4::date as day) q
  left join lateral (${rateSql('q.currency', 'q.target', 'q.day')}) x on true`;

const CALENDAR_STATEMENT = `select x.rate::text as rate, to_char(x.rate_date, 'YYYY-MM-DD') as rate_date,
       ${byMinorFactorSql('q.amount_minor', 'x.minor_factor')}::text as minor
  from (select $1::bigint as amount_minor, $2::char(3) as currency, $3::char(3) as target, $4::date as day) q
  left join (${calendarRatesSql(`select $2::char(3) as from_currency, $3::char(3) as to_currency, ${minorDigitsSql('$3::char(3)')} as to_digits`)}) x
    on x.currency = q.currency and x.day = q.day`;

/** A player running `statement` after storing the case's rates (one statement per rate, as the refresh may). */
const playedBy =
  (statement: string) =>
  async ({ rates, price, quoteDay, to }: CurrencyConversionCase): Promise<string | null> => {
    await on.db.sql('delete from reference_rate');
    for (const [day, perEuro] of Object.entries(rates)) {
      for (const [currency, rate] of Object.entries(perEuro)) {
        await on.db.sql('insert into reference_rate (rate_date, currency, per_euro) values ($1, $2, $3)', [day, currency, rate]);
      }
    }
    const quoted = money(price);
    const [row] = await on.db.sql<{ rate: string | null; rate_date: string | null; minor: string | null }>(statement, [
      quoted.toMinor().toString(),
      quoted.currency,
      to,
      quoteDay,
    ]);
    if (!row || row.rate === null) return null;
    return `${Money.fromMinor(BigInt(row.minor!), to).amount} ${to} at ${row.rate} of ${row.rate_date}`;
  };

playRuleTable(CURRENCY_CONVERSION, 'sql', playedBy(STATEMENT));
playRuleTable({ ...CURRENCY_CONVERSION, sql: 'calendarRatesSql and byMinorFactorSql (sql-currency-conversion.ts)' }, 'sql', playedBy(CALENDAR_STATEMENT));
