import { Money } from '../../../../domain/shared/money.js';
import { CONTRADICTION, meaningOf, resolveSigns, signAt, UNRESOLVED } from './currency-signs.js';
import { normalise } from './price-number.js';
import { readPrice } from './price-reading.js';
import { cleanText, joinCutDecimals, tokenise } from './price-tokens.js';
import { FREE_WORDS } from './price-words.js';

export { availabilityFrom } from './availability-text.js';

/**
 * Reading prices and availability as store pages write them ("18,09 €", "US$ 12", "1.234,56", "Sofort lieferbar").
 * Pure functions: no I/O, no locale tables from the platform; the rules are spelled out below and in
 * price-reading.ts (which number is the price), price-number.ts (one number) and currency-signs.ts (the signs).
 * A wrong amount is worse than none: when the text allows two readings, the answer is null.
 *
 * Decimal separator rules, for one number:
 * - both "." and "," present: the last one is the decimal separator ("1.234,56", "1,234.56");
 * - digits grouped by spaces (also NBSP, narrow NBSP, thin space) or apostrophes are thousands ("1 234,56", "1'234.50");
 * - one separator kind used several times is thousands ("1.234.567"); lakh grouping for South Asian currencies
 *   ("₹1,23,456.00");
 * - one separator used once: decimal, except when exactly three digits follow and the integer part is not 0
 *   ("1.500 €" is 1500, "1,500" is 1500): then thousands — unless the currency has three minor digits (KWD, BHD…,
 *   by ISO 4217), where "1.250" is 1.250 and "1,250" is refused, or the text is machine-readable (a schema.org
 *   `content`/JSON-LD value) and the separator is ".";
 * - no integer part: ".75 €" and ",75 €" are 0.75; a dash for zero cents: "18,- €", "129:-".
 */

export interface PriceTextHints {
  /** Currency to assume when the text shows no currency, and to resolve "$", "¥", "kr", "Rs", "R", "Q"… */
  currency?: string | null;
  /**
   * The text is a machine value (JSON-LD `price`, microdata `content`): a lone "." is always the decimal
   * separator ("18.090" is 18.09, not 18090). Human text is read with the thousands heuristic above.
   */
  machineReadable?: boolean;
  /**
   * Read a range ("12,99 – 15,99 €", "From 26 to 50 €") or a lowest price ("ab 12,99 €") as its lowest amount.
   * Without it such text is refused: the lowest of several offers is not the price of this one.
   */
  rangeLowest?: boolean;
}

export interface ParsedPrice {
  /** Normalised to the currency's minor digits when the currency is known; else the plain decimal ("18.09"). */
  amount: string;
  currency: string | null;
}

function normaliseHint(currency: string | null | undefined): string | null {
  if (typeof currency !== 'string') return null;
  const code = currency.trim().toUpperCase();
  return Money.isCurrency(code) ? code : null;
}

/**
 * A currency written on its own ("EUR", "eur", "€", "US$", "zł", "kr" with a krona hint): its ISO 4217 code, or null
 * when the text is no currency or cannot be resolved.
 */
export function currencyFromText(text: string | null | undefined, hint?: string | null): string | null {
  if (typeof text !== 'string') return null;
  const trimmed = cleanText(text);
  if (trimmed === '') return null;
  const code = trimmed.toUpperCase();
  if (/^[A-Z]{3}$/.test(code) && Money.isCurrency(code)) return code;
  const sign = signAt(trimmed, 0);
  const meaning = sign !== null && sign.length === trimmed.length ? sign.meaning : meaningOf(trimmed);
  if (meaning === null) return null;
  const resolved = resolveSigns([meaning], normaliseHint(hint));
  return resolved === UNRESOLVED || resolved === CONTRADICTION ? null : resolved;
}

/**
 * Reads a price: a JSON number (18.09) or page text ("€ 18,09", "18,09 €", "1.234,56", "US$ 12", "EUR 12,99",
 * "¥1,500", "$1,190.00 AUD"). A currency written next to the number wins over the hint; an ISO code wins over a
 * sign it can mean ("NZD $100.70" is NZD) and a code that contradicts a sign is no answer ("€12 USD"). "$" alone is
 * the hint's dollar (else USD), "¥" the hint's yen/yuan (else JPY), "kr" needs a krona hint. Answers null for text
 * that holds no price, several different prices ("Was $20, now $15", "19,99 € statt 25,00 €"), a range or a "from"
 * price (unless `rangeLowest`), a multibuy ("2 for £10"), only a saving ("-5 €", "Save $5"), more decimals than the
 * currency has, or a currency sign that contradicts the hint and cannot be resolved ("kr" for a EUR store).
 * Savings ("-20%", "(-5,00 €)"), percentages, quantities and identifiers beside a price are not prices.
 * "Free" (and "gratis", "kostenlos"…) as the whole text is an amount of 0.
 */
export function parsePriceText(text: string | number, hints: PriceTextHints = {}): ParsedPrice | null {
  const hint = normaliseHint(hints.currency);
  if (typeof text === 'number') {
    if (!Number.isFinite(text) || text < 0) return null;
    const written = String(text);
    if (!/^\d+(?:\.\d+)?$/.test(written)) return null; // 1e21, 1e-7
    const amount = normalise(written.replace(/^0+(?=\d)/, ''), hint);
    return amount === null ? null : { amount, currency: hint };
  }
  if (typeof text !== 'string') return null;
  const cleaned = joinCutDecimals(cleanText(text));
  if (cleaned === '') return null;
  if (FREE_WORDS.has(cleaned.toLowerCase())) {
    const amount = normalise('0', hint);
    return amount === null ? null : { amount, currency: hint };
  }
  return readPrice(cleaned, tokenise(cleaned), {
    hint,
    machineReadable: hints.machineReadable === true,
    rangeLowest: hints.rangeLowest === true,
  });
}
