import { ISO_3166_COUNTRIES } from './iso-3166-countries.js';

export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && Object.hasOwn(ISO_3166_COUNTRIES, code);
}
