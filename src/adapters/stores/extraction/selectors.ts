import type { CheerioAPI } from 'cheerio';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { availabilityFrom } from './price-text/price-text.js';
import { readPriceText } from './element-price-text.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom } from './offer-facts.js';
import { parseStoreSelector } from './store-selector.js';
import type { ExtractionConfig, ExtractionContext, SourceOutcome } from './types.js';

type Selected = ReturnType<CheerioAPI>;

interface Selection {
  elements: Selected;
  /** The attribute the selector names with `@name`, or null: the element's own value. */
  attribute: string | null;
}

interface Value {
  value: string;
  machine: boolean;
  /** Digits of two elements ran together in the text (element-price-text.ts): no price can be read from it. */
  split?: boolean;
}

function select($: CheerioAPI, selector: string): Selection | string {
  const { css, attribute } = parseStoreSelector(selector);
  if (css === '') return `invalid selector ${JSON.stringify(selector)}: no CSS before @${attribute ?? ''}`;
  try {
    return { elements: $(css), attribute };
  } catch (error) {
    return `invalid selector ${JSON.stringify(selector)}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * The value of a selected element: the named attribute (a machine value); without one, the first of `attributes`
 * that carries a value (`content`, a machine value too), else the element's text read as a price text
 * (element-price-text.ts: `18<sup>09</sup>` is "18.09").
 */
function valueOf(element: Selected, attribute: string | null, attributes: readonly string[]): Value {
  if (attribute !== null) return { value: element.attr(attribute) ?? '', machine: true };
  for (const name of attributes) {
    const value = element.attr(name);
    if (value !== undefined && value.trim() !== '') return { value, machine: true };
  }
  const node = element.get(0);
  if (node === undefined) return { value: '', machine: false };
  const { text, split } = readPriceText(node);
  return { value: text, machine: false, split };
}

/**
 * The store's CSS selectors: every element matching `price` is a price (several different ones compete); the
 * first match of `currency` names the currency (else the price text's sign, else the store's currency); the first
 * match of `availability` is read as availability words. A selector ending in `@name` reads that attribute.
 */
export function fromSelectors($: CheerioAPI, ctx: ExtractionContext, config: ExtractionConfig): SourceOutcome {
  const sink = new CandidateSink();
  const selector = config.selectors?.price?.trim();
  if (!selector) return { candidates: [], problems: [] };
  const prices = select($, selector);
  if (typeof prices === 'string') return { candidates: [], problems: [prices] };

  let currency: string | undefined;
  const currencySelector = config.selectors?.currency?.trim();
  if (currencySelector) {
    const matched = select($, currencySelector);
    if (typeof matched === 'string') sink.problems.push(matched);
    else if (matched.elements.length > 0) currency = valueOf(matched.elements.first(), matched.attribute, ['content']).value;
  }
  const availability = availabilityBySelector($, config) ?? 'unknown';
  const count = Math.min(prices.elements.length, LIMITS.selectorMatches);
  const empty = prices.attribute === null ? 'an element without text' : `an element without a ${prices.attribute} attribute`;
  for (let i = 0; i < count && !sink.full; i++) {
    const { value, machine, split } = valueOf(prices.elements.eq(i), prices.attribute, ['content']);
    if (split === true) {
      sink.add({ problem: `selector ${JSON.stringify(selector)}: digits of several elements run together in ${JSON.stringify(value)}` });
      continue;
    }
    const outcome = candidateFrom({ value, currency, availability, condition: 'unspecified', machineReadable: machine }, ctx);
    sink.add(outcome ?? { problem: `selector ${JSON.stringify(selector)} matched ${empty}` });
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

/** The configured availability selector's reading; null when not configured, invalid or nothing matches. */
export function availabilityBySelector($: CheerioAPI, config: ExtractionConfig): Availability | null {
  const selector = config.selectors?.availability?.trim();
  if (!selector) return null;
  const matched = select($, selector);
  if (typeof matched === 'string' || matched.elements.length === 0) return null;
  return availabilityFrom(valueOf(matched.elements.first(), matched.attribute, ['href', 'content']).value);
}
