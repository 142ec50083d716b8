import { ValidationError } from '../../shared/domain-error.js';
import { Money } from '../../shared/money.js';
import { shorten } from './text-cells.js';

export type MaxPriceReading = { ok: true; maxPrice: { amount: string; currency: string } | null } | { ok: false; message: string };

/**
 * A plain CSV's optional `max_price` + `currency`. No amount means no ceiling (a lone currency is ignored);
 * an amount needs a currency, since guessing one could set a ceiling 100 times too high (JPY vs EUR).
 */
export function readMaxPrice(amount: string | undefined, currency: string | undefined): MaxPriceReading {
  const amountText = amount?.trim() ?? '';
  const currencyText = currency?.trim() ?? '';
  const shown = `"${shorten(amountText)}"`;
  if (amountText === '') return { ok: true, maxPrice: null };
  if (currencyText === '') return { ok: false, message: `max_price ${shown} has no currency` };
  try {
    return { ok: true, maxPrice: Money.parse(amountText, currencyText, 'max_price').toJSON() };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const detail = error.details?.[0]?.message ?? error.message;
    return { ok: false, message: `max_price ${shown} ${shorten(currencyText, 12)}: ${detail}` };
  }
}
