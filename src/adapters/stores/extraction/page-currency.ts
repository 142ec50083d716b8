import { Money } from '../../../domain/shared/money.js';

export interface InferredCurrency {
  currency: string;
  /** Where it was read: the page's own currency fields, or its country's domain. */
  from: 'the page\'s currency fields' | 'the country domain';
}

const DECLARED = [
  /["']pricecurrency["']\s*:\s*["']([a-z]{3})["']/gi,
  /itemprop\s*=\s*["']?pricecurrency["']?[^>]*?\bcontent\s*=\s*["']?([a-z]{3})\b/gi,
  /(?:product|og):price:currency["']?[^>]*?\bcontent\s*=\s*["']?([a-z]{3})\b/gi,
];

/** Country-code domains and the currency their shops sell in. */
const DOMAIN_CURRENCY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\.(?:de|fr|es|it|nl|be|at|ie|pt|fi|gr|sk|si|ee|lv|lt|lu|mt|cy|hr)$/, 'EUR'],
  [/\.uk$/, 'GBP'],
  [/\.ca$/, 'CAD'],
  [/\.au$/, 'AUD'],
  [/\.nz$/, 'NZD'],
  [/\.jp$/, 'JPY'],
  [/\.se$/, 'SEK'],
  [/\.no$/, 'NOK'],
  [/\.dk$/, 'DKK'],
  [/\.ch$/, 'CHF'],
  [/\.pl$/, 'PLN'],
  [/\.cz$/, 'CZK'],
  [/\.hu$/, 'HUF'],
  [/\.ro$/, 'RON'],
  [/\.in$/, 'INR'],
  [/\.br$/, 'BRL'],
  [/\.mx$/, 'MXN'],
  [/\.sg$/, 'SGD'],
  [/\.hk$/, 'HKD'],
  [/\.za$/, 'ZAR'],
  [/\.tr$/, 'TRY'],
  [/\.ua$/, 'UAH'],
  [/\.kr$/, 'KRW'],
  [/\.tw$/, 'TWD'],
  [/\.il$/, 'ILS'],
];

/**
 * The currency of a page read without a store (the extraction CLI on an unknown site): the one ISO code the page's
 * own currency fields name (JSON-LD `priceCurrency`, microdata, product meta), else its country domain's currency
 * (`.de` → EUR, `.co.uk` → GBP, `.ca` → CAD). Null when neither tells: a price shown as "$12" or "12.00" there could
 * be in several currencies.
 */
export function inferPageCurrency(html: string, pageUrl: string): InferredCurrency | null {
  const codes = new Set<string>();
  for (const pattern of DECLARED) {
    for (const match of html.matchAll(pattern)) {
      const code = (match[1] ?? '').toUpperCase();
      if (Money.isCurrency(code)) codes.add(code);
      if (codes.size > 1) return null;
    }
  }
  const [declared] = codes;
  if (declared !== undefined) return { currency: declared, from: 'the page\'s currency fields' };
  let host: string;
  try {
    host = new URL(pageUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  for (const [domain, currency] of DOMAIN_CURRENCY) if (domain.test(host)) return { currency, from: 'the country domain' };
  return null;
}

/** A currency sign that names several currencies ("$", "¥", "kr", "Rs") with no code or prefix saying which. */
const AMBIGUOUS_SIGN = /(?<![A-Za-z])\$|[¥￥]|(?<![\p{L}])kr\.?(?![\p{L}])|(?<![\p{L}])Rs\.?(?![\p{L}])/iu;
const RESOLVING = /\b[A-Z]{3}\b|(?:US|CA|AU|NZ|HK|NT|C|A|S|R|Mex)\$|[円元]/;

/** The text shows its price with a sign that alone does not say which currency it is. */
export function hasAmbiguousSign(text: string): boolean {
  return AMBIGUOUS_SIGN.test(text) && !RESOLVING.test(text);
}
