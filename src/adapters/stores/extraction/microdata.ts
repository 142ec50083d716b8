import { availabilityFrom } from '../../../domain/pricing/price-text.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf } from './offer-facts.js';
import type { Property, Scope, TagScan } from './tag-scan.js';
import type { ExtractionContext, SourceOutcome } from './types.js';

const ISBN_PROPS = ['isbn', 'gtin13', 'gtin', 'gtin14'];

/**
 * schema.org microdata: `itemprop="price"` (or lowPrice/highPrice) with `priceCurrency`, `availability` and
 * `itemCondition` from the same `itemscope`, else from the enclosing ones (an Offer inside a Book). Values come
 * from `content`/`href`/`value` attributes when present, else from the element's text ("18,09 €").
 * The scopes come from the streaming tag scan (tag-scan.ts); each price carries the top-level item it sits in, so
 * that the page's first item is not confused with products listed after it.
 */
export function fromMicrodata(scan: TagScan, ctx: ExtractionContext): SourceOutcome {
  const sink = new CandidateSink();
  const outside = scan.scopes[0];
  const topLevel = scan.scopes.filter((scope) => scope.parent === outside && scope !== outside);
  for (const scope of scan.scopes) {
    const prices = scope.props.get('price') ?? [...(scope.props.get('lowprice') ?? []), ...(scope.props.get('highprice') ?? [])];
    if (prices.length === 0) continue;
    const currency = nearest(scope, 'pricecurrency')?.value;
    const availability = availabilityFrom(nearest(scope, 'availability')?.value);
    const condition = conditionFrom(nearest(scope, 'itemcondition')?.value);
    const editionMatch = editionMatchOf(isbnValues(scope), ctx.isbn13);
    const item = topLevel.indexOf(topOf(scope, outside));
    for (const price of prices) {
      sink.add(
        candidateFrom(
          { value: price.value, currency, availability, condition, editionMatch, item: Math.max(item, 0), machineReadable: price.machine },
          ctx,
        ),
      );
      if (sink.full) break;
    }
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

/** The item scope at the top of the page that a scope sits in (itself when it is one). */
function topOf(scope: Scope, outside: Scope | undefined): Scope {
  let current = scope;
  while (current.parent !== null && current.parent !== outside) current = current.parent;
  return current;
}

function nearest(scope: Scope, name: string): Property | undefined {
  for (let current: Scope | null = scope; current !== null; current = current.parent) {
    const value = current.props.get(name)?.[0];
    if (value !== undefined) return value;
  }
  return undefined;
}

function isbnValues(scope: Scope): string[] {
  for (let current: Scope | null = scope; current !== null; current = current.parent) {
    const values = ISBN_PROPS.flatMap((name) => current?.props.get(name) ?? []).map((p) => p.value);
    if (values.length > 0) return values;
  }
  return [];
}
