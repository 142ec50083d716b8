import { Money } from '../../../src/domain/shared/money.js';

/** A price as the case tables write it: "14.00" is EUR, "14.00 GBP" names its currency. */
export function money(text: string): Money {
  const [amount = '', currency = 'EUR'] = text.trim().split(/\s+/);
  return Money.parse(amount, currency);
}
