// Reading the hand-written platform fixtures (test/fixtures/store-pages/platforms) with the platform source alone and
// through the whole extraction.
import { readFileSync } from 'node:fs';
import { extractPrice, type ExtractionResult } from '../../../../../../src/adapters/stores/extraction/index.js';
import { fromPlatformPrice } from '../../../../../../src/adapters/stores/extraction/platforms/platform-price.js';

export const platformFixture = (name: string): string =>
  readFileSync(new URL(`../../../../../fixtures/store-pages/platforms/${name}`, import.meta.url), 'utf8');

/** The platform source's prices as "amount currency availability", and its problems. */
export function platformPrices(html: string, currency: string, pageUrl = 'https://shop.example/p/1'): { prices: string[]; problems: string[] } {
  const outcome = fromPlatformPrice(html, { pageUrl, defaultCurrency: currency, isbn13: null });
  return {
    prices: outcome.candidates.map((c) => `${c.amount} ${c.currency} ${c.availability}${c.currencyAssumed === true ? ' (assumed)' : ''}`),
    problems: outcome.problems,
  };
}

export function extracted(html: string, currency: string, pageUrl = 'https://shop.example/p/1'): ExtractionResult {
  return extractPrice(html, pageUrl, { defaultCurrency: currency });
}

/** The page with one piece of markup replaced (it must be there). */
export function edited(html: string, from: string, to: string): string {
  if (!html.includes(from)) throw new Error(`the fixture has no ${from}`);
  return html.split(from).join(to);
}
