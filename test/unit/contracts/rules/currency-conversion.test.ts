// The currency-conversion case table through the domain statement (convertOnDay).
import { convertOnDay } from '../../../../src/domain/pricing/exchange-rates.js';
import { CURRENCY_CONVERSION } from '../../../contracts/rules/currency-conversion.js';
import { money } from '../../../contracts/rules/money-text.js';
import { playRuleTable } from '../../../contracts/rules/rule-table.js';

playRuleTable(CURRENCY_CONVERSION, 'domain', ({ rates, price, quoteDay, to }) => {
  const days = Object.entries(rates).map(([day, perEuro]) => ({ day, perEuro: new Map(Object.entries(perEuro)) }));
  const converted = convertOnDay(money(price), to, quoteDay, days);
  return converted === null ? null : `${converted.price.amount} ${converted.price.currency} at ${converted.rate} of ${converted.rateDay}`;
});
