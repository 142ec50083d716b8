import { DomUtils, parseDocument } from 'htmlparser2';
import { parseLenientJson } from '../lenient-json.js';
import { mainItemWindow } from '../main-item-window.js';
import { CandidateSink } from '../offer-facts.js';
import type { ExtractionContext, SourceOutcome } from '../types.js';
import { availabilityOfFlag, classesOf, inOtherProducts, platformCandidate, priceTextOf, writtenCurrency } from './platform-block.js';
import type { PlatformReader } from './platform-reader.js';

const SELLING = 'vtex-product-price-1-x-sellingPriceValue';

/**
 * VTEX. Store Framework (vtex-apps/product-price): the selected SKU's selling price is
 * `.vtex-product-price-1-x-sellingPriceValue` (its currency in `currencyCode`, its digits in `currencyInteger`,
 * `currencyDecimal`, `currencyFraction` spans); the list price is `listPriceValue`. Shelves and product summaries
 * (`vtex-product-summary`, `vtex-shelf`, sliders) repeat the same classes for other products. The main item's block is
 * the one nearest after the product name heading. Legacy CMS stores print `var skuJson_0 = {…, "skus": [{"bestPrice":
 * 14990, "listPrice": 19990, "available": true, "bestPriceFormated": "R$ 149,90"}]}` (cents): the SKU the URL names
 * (`skuId`), else every SKU, which must share one price.
 */
export const vtex: PlatformReader = {
  platform: 'VTEX',
  fingerprint: /vtex|vteximg|vtexassets/i,
  screen: ['vtex'],
  read(html, ctx) {
    if (html.includes(SELLING)) return storeFramework(html, ctx);
    if (html.includes('skuJson')) return legacySkus(html, ctx);
    return null;
  },
};

function storeFramework(html: string, ctx: ExtractionContext): SourceOutcome | null {
  const window = mainItemWindow(html);
  if (window === null) return null;
  const document = parseDocument(window.markup, { withStartIndices: true, decodeEntities: true });
  const values = DomUtils.findAll(
    (element) => classesOf(element).includes(SELLING) && !inOtherProducts(element, document) && !classesOf(element).some((name) => /summary/i.test(name)),
    document.children,
  );
  const after = values.filter((element) => (element.startIndex ?? 0) > window.anchorAt);
  const nearest = after[0] ?? values.at(-1);
  if (nearest === undefined) return null;
  const sink = new CandidateSink();
  sink.add(platformCandidate({ text: priceTextOf(nearest), availability: 'unknown' }, ctx));
  return { candidates: sink.candidates, problems: sink.problems };
}

const SKU_JSON = /\bvar\s+skuJson(?:_0)?\s*=\s*(\{[\s\S]*?\});\s*(?:\n|<\/script|CATALOG|var\s)/;

function legacySkus(html: string, ctx: ExtractionContext): SourceOutcome | null {
  const match = SKU_JSON.exec(html);
  if (match === null) return null;
  const parsed = parseLenientJson(match[1] as string);
  const skus = parsed.ok && parsed.value !== null && typeof parsed.value === 'object' ? (parsed.value as { skus?: unknown }).skus : undefined;
  if (!Array.isArray(skus)) return null;
  let wanted: string | null = null;
  try {
    wanted = new URL(ctx.pageUrl).searchParams.get('skuId');
  } catch {
    wanted = null;
  }
  const all = skus.filter((sku): sku is Record<string, unknown> => sku !== null && typeof sku === 'object');
  const named = all.filter((sku) => String(sku['sku']) === wanted);
  const shown = named.length > 0 ? named : all;
  const sink = new CandidateSink();
  for (const sku of shown) {
    const cents = sku['bestPrice'];
    if (typeof cents !== 'number' || !Number.isInteger(cents)) continue;
    const formatted = typeof sku['bestPriceFormated'] === 'string' ? sku['bestPriceFormated'] : null;
    const value = (cents / 100).toFixed(2);
    const currency = writtenCurrency(formatted, ctx) ?? undefined;
    sink.add(platformCandidate({ value, text: formatted, ...(currency !== undefined ? { currency } : {}), availability: availabilityOfFlag(sku['available']) }, ctx));
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

