import type { CheerioAPI } from 'cheerio';
import { availabilityFrom } from '../../../domain/pricing/price-text.js';
import { type DomNode, isSkipped, rootOf, textContent } from './dom.js';
import { CandidateSink, candidateFrom, conditionFrom, editionMatchOf } from './offer-facts.js';
import type { ExtractionContext, SourceOutcome } from './types.js';

interface Property {
  value: string;
  /** From an attribute (content, href, value): a machine value. */
  machine: boolean;
}

interface Scope {
  props: Map<string, Property[]>;
  parent: Scope | null;
}

const READ = new Set(['price', 'lowprice', 'highprice', 'pricecurrency', 'availability', 'itemcondition', 'isbn', 'gtin13', 'gtin', 'gtin14']);
const ISBN_PROPS = ['isbn', 'gtin13', 'gtin', 'gtin14'];

/**
 * schema.org microdata: `itemprop="price"` (or lowPrice/highPrice) with `priceCurrency`, `availability` and
 * `itemCondition` from the same `itemscope`, else from the enclosing ones (an Offer inside a Book). Values come
 * from `content`/`href`/`value` attributes when present, else from the element's text ("18,09 €").
 * One iterative pass over the document.
 */
export function fromMicrodata($: CheerioAPI, ctx: ExtractionContext): SourceOutcome {
  const sink = new CandidateSink();
  const root = rootOf($);
  if (root === undefined) return { candidates: [], problems: [] };
  const scopes = collectScopes(root);
  for (const scope of scopes) {
    const prices = scope.props.get('price') ?? [...(scope.props.get('lowprice') ?? []), ...(scope.props.get('highprice') ?? [])];
    if (prices.length === 0) continue;
    const currency = nearest(scope, 'pricecurrency')?.value;
    const availability = availabilityFrom(nearest(scope, 'availability')?.value);
    const condition = conditionFrom(nearest(scope, 'itemcondition')?.value);
    const editionMatch = editionMatchOf(isbnValues(scope), ctx.isbn13);
    for (const price of prices) {
      sink.add(candidateFrom({ value: price.value, currency, availability, condition, editionMatch, machineReadable: price.machine }, ctx));
      if (sink.full) break;
    }
  }
  return { candidates: sink.candidates, problems: sink.problems };
}

function collectScopes(root: DomNode): Scope[] {
  const outside: Scope = { props: new Map(), parent: null };
  const scopes: Scope[] = [outside];
  const stack: Array<{ node: DomNode; scope: Scope }> = [{ node: root, scope: outside }];
  while (stack.length > 0) {
    const { node, scope } = stack.pop() as { node: DomNode; scope: Scope };
    let inner = scope;
    const attribs = node.attribs;
    if (attribs !== undefined) {
      if (isSkipped(node)) continue;
      const creates = 'itemscope' in attribs;
      if (creates) {
        inner = { props: new Map(), parent: scope };
        scopes.push(inner);
      }
      const itemprop = attribs['itemprop'];
      if (itemprop !== undefined && !creates) {
        for (const raw of itemprop.trim().split(/\s+/)) {
          const name = raw.replace(/^.*[/#]/, '').toLowerCase();
          if (!READ.has(name)) continue;
          const list = scope.props.get(name) ?? [];
          if (list.length < 20) list.push(valueOf(node, attribs));
          scope.props.set(name, list);
        }
      }
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as DomNode, scope: inner });
  }
  return scopes;
}

/** The microdata value of an element (HTML Living Standard §microdata, plus `content` on any element). */
function valueOf(node: DomNode, attribs: Record<string, string>): Property {
  const name = node.name ?? '';
  const attribute =
    name === 'meta'
      ? attribs['content']
      : name === 'link' || name === 'a' || name === 'area'
        ? (attribs['href'] ?? attribs['content'])
        : name === 'data' || name === 'meter'
          ? attribs['value']
          : name === 'time'
            ? attribs['datetime']
            : attribs['content'];
  if (attribute !== undefined && attribute.trim() !== '') return { value: attribute, machine: true };
  return { value: textContent(node), machine: false };
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
