// The domain's ISO tables (shipped from the ISO 3166-1 and ISO 4217 data), not the runtime's ICU, which also knows
// aliases (UK) and historic codes that the rest of Shelfwatch refuses.
export { isCountryCode } from '../../../domain/reference/codes.js';
import { Money } from '../../../domain/shared/money.js';

/** An ISO 4217 currency code Shelfwatch can hold amounts in. */
export function isCurrencyCode(code: string): boolean {
  return Money.isCurrency(code);
}
