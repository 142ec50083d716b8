import type { CheerioAPI } from 'cheerio';
import type { Availability } from '../../../domain/pricing/price-observation.js';
import { availabilityFrom } from '../../../domain/pricing/price-text.js';
import { LIMITS } from './limits.js';
import { CandidateSink, candidateFrom, clip } from './offer-facts.js';
import type { ExtractionConfig, ExtractionContext, SourceOutcome } from './types.js';

type Selected = ReturnType<CheerioAPI>;

function select($: CheerioAPI, selector: string): Selected | string {
  try {
    return $(selector);
  } catch (error) {
    return `invalid selector ${JSON.stringify(selector)}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** `content` (or `href`/`value`) when the element carries the machine value, else its text. */
function valueOf(element: Selected, attributes: readonly string[]): { value: string; machine: boolean } {
  for (const name of attributes) {
    const value = element.attr(name);
    if (value !== undefined && value.trim() !== '') return { value, machine: true };
  }
  return { value: clip(element.text()), machine: false };
}

/**
 * The store's CSS selectors: every element matching `price` is a price (several different ones compete); the
 * first match of `currency` names the currency (else the price text's sign, else the store's currency); the first
 * match of `availability` is read as availability words.
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
    else if (matched.length > 0) currency = valueOf(matched.first(), ['content']).value;
  }
  const availability = availabilityBySelector($, config) ?? 'unknown';
  const count = Math.min(prices.length, LIMITS.selectorMatches);
  for (let i = 0; i < count && !sink.full; i++) {
    const { value, machine } = valueOf(prices.eq(i), ['content']);
    const outcome = candidateFrom({ value, currency, availability, condition: 'unspecified', machineReadable: machine }, ctx);
    sink.add(outcome ?? { problem: `selector ${JSON.stringify(selector)} matched an element without text` });
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

/** The configured availability selector's reading; null when not configured or nothing matches. */
export function availabilityBySelector($: CheerioAPI, config: ExtractionConfig): Availability | null {
  const selector = config.selectors?.availability?.trim();
  if (!selector) return null;
  const matched = select($, selector);
  if (typeof matched === 'string' || matched.length === 0) return null;
  return availabilityFrom(valueOf(matched.first(), ['href', 'content']).value);
}
