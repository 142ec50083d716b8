const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** Region codes ICU names that ISO 3166-1 does not assign to a country. */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'QO', 'XA', 'XB']);

/** An ISO 3166-1 alpha-2 country code in its canonical form (GB, not the alias UK). */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/.test(code) || NOT_COUNTRIES.has(code)) return false;
  return REGION_NAMES.of(code) !== undefined && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`;
}

/** An ISO 4217 currency code the runtime knows. */
export function isCurrencyCode(code: string): boolean {
  return CURRENCIES.has(code);
}
