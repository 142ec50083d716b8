// Random changes to a real product page that leave its price what it was: related products and offers that are not
// the page's, prices split over elements, broken or re-cased JSON-LD, hidden prices, blocks in another order.
import { Parser } from 'htmlparser2';
import {
  decoyAmount,
  hiddenPrice,
  htmlPriceCards,
  jsonLdRelatedList,
  jsonLdRelatedNodes,
  microdataRelatedList,
  seededRandom,
  type DecoyContext,
  type Random,
} from './page-decoys.js';

/** What the mutations need to know of a page: its price (null: none unambiguous) and its edition. */
export interface PageFacts {
  expected: { amount: string; currency: string } | null;
  storeCurrency: string;
  isbn13?: string | undefined;
}

/** One mutation: the changed page and a label naming the variant, or null when it does not apply to this page. */
export interface Mutation {
  name: string;
  apply(html: string, random: Random, page: PageFacts): { html: string; label: string } | null;
}

export interface MutatedPage {
  html: string;
  /** The applied mutations in order, with their variants. */
  applied: string[];
}

/** Applies 1 to `max` mutations drawn with the seed (retrying ones that do not apply to the page). */
export function mutatePage(html: string, page: PageFacts, seed: number, max = 4): MutatedPage {
  const random = seededRandom(seed);
  const wanted = random.int(1, max);
  const applied: string[] = [];
  for (let attempt = 0; applied.length < wanted && attempt < 20; attempt++) {
    const mutation = random.pick(MUTATIONS);
    const result = mutation.apply(html, random, page);
    if (result === null) continue;
    html = result.html;
    applied.push(result.label);
  }
  return { html, applied };
}

const decoyContext = (page: PageFacts): DecoyContext => ({
  amount: page.expected?.amount ?? null,
  currency: page.expected?.currency ?? page.storeCurrency,
  isbn13: page.isbn13,
});

const insertAt = (html: string, at: number, markup: string): string => `${html.slice(0, at)}\n${markup}\n${html.slice(at)}`;

export const MUTATIONS: readonly Mutation[] = [
  {
    name: 'related-json-ld-list',
    apply: (html, random, page) => insertBlock(html, random, jsonLdRelatedList(random, decoyContext(page)), 'related-json-ld-list'),
  },
  {
    name: 'related-json-ld-nodes',
    apply: (html, random, page) => insertBlock(html, random, jsonLdRelatedNodes(random, decoyContext(page)), 'related-json-ld-nodes'),
  },
  {
    name: 'related-microdata-list',
    apply: (html, random, page) => insertInBody(html, random, microdataRelatedList(random, decoyContext(page)), 'related-microdata-list'),
  },
  {
    name: 'related-html-cards',
    apply: (html, random, page) => insertInBody(html, random, htmlPriceCards(random, decoyContext(page)), 'related-html-cards'),
  },
  {
    name: 'hidden-price',
    apply: (html, random, page) => {
      const { kind, markup } = hiddenPrice(random, decoyContext(page));
      return insertBlock(html, random, markup, `hidden-price(${kind})`);
    },
  },
  { name: 'extra-offer', apply: addExtraOffer },
  { name: 'split-visible-price', apply: splitVisiblePrice },
  { name: 'truncate-json-ld', apply: truncateJsonLd },
  { name: 'corrupt-json-ld', apply: corruptJsonLd },
  { name: 'json-ld-key-case', apply: changeKeyCase },
  { name: 'wrap-json-ld', apply: wrapJsonLd },
  { name: 'reorder-json-ld', apply: reorderJsonLd },
  { name: 'duplicate-json-ld', apply: duplicateJsonLd },
];

// ---- where markup can go ----------------------------------------------------------------------------------------

/** A block goes into the head (before `</head>`) or between the body's top-level parts. */
function insertBlock(html: string, random: Random, markup: string, label: string): { html: string; label: string } {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd >= 0 && random.chance(0.3)) return { html: insertAt(html, headEnd, markup), label: `${label}@head` };
  return insertInBody(html, random, markup, label);
}

function insertInBody(html: string, random: Random, markup: string, label: string): { html: string; label: string } {
  const points = bodyBoundaries(html);
  const index = random.int(0, points.length - 1);
  const where = index === 0 ? 'start' : index === points.length - 1 ? 'end' : `part ${index}`;
  return { html: insertAt(html, points[index]!, markup), label: `${label}@body ${where}` };
}

interface ElementSpan {
  name: string;
  start: number;
  end: number;
  openEnd: number;
  children: ElementSpan[];
}

const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'meta', 'link']);

/**
 * Offsets between the body's top-level parts: from the body down through wrappers that hold a single element, the
 * offsets before each child of the first element with several, after its last child, and the body's start and end.
 * Markup inserted there sits beside the product, never inside its price.
 */
export function bodyBoundaries(html: string): number[] {
  const root: ElementSpan = { name: '#root', start: 0, end: html.length, openEnd: 0, children: [] };
  const stack: ElementSpan[] = [root];
  const parser = new Parser(
    {
      onopentag(name) {
        const span: ElementSpan = { name, start: parser.startIndex, end: html.length, openEnd: parser.endIndex + 1, children: [] };
        stack.at(-1)!.children.push(span);
        stack.push(span);
      },
      onclosetag(_name, implied) {
        const span = stack.pop();
        if (span) span.end = implied ? Math.max(span.openEnd, parser.startIndex) : parser.endIndex + 1;
      },
    },
    { decodeEntities: false, recognizeSelfClosing: true },
  );
  parser.end(html);
  const body = find(root, 'body');
  if (!body) return [html.length];
  const bodyClose = Math.max(body.openEnd, html.lastIndexOf('</body', body.end));
  const points = [body.openEnd];
  let node = body;
  for (;;) {
    const parts = node.children.filter((child) => !SKIPPED.has(child.name));
    if (parts.length === 1 && parts[0]!.children.length > 0) {
      node = parts[0]!;
      continue;
    }
    for (const part of parts) points.push(part.start);
    if (parts.length > 0) points.push(parts.at(-1)!.end);
    break;
  }
  points.push(bodyClose < body.openEnd ? html.length : bodyClose);
  return [...new Set(points)].sort((a, b) => a - b);
}

function find(span: ElementSpan, name: string): ElementSpan | undefined {
  for (const child of span.children) {
    if (child.name === name) return child;
    const inner = find(child, name);
    if (inner) return inner;
  }
  return undefined;
}

// ---- JSON-LD blocks ---------------------------------------------------------------------------------------------

interface LdBlock {
  /** Offsets of the whole `<script>…</script>` element and of its text. */
  start: number;
  end: number;
  textStart: number;
  textEnd: number;
  text: string;
}

/** The page's live JSON-LD blocks (not those inside comments). */
export function jsonLdBlocks(html: string): LdBlock[] {
  const blocks: LdBlock[] = [];
  const tag = /<!--[\s\S]*?(?:-->|$)|<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  for (let match = tag.exec(html); match !== null; match = tag.exec(html)) {
    if (match[0].startsWith('<!--') || !/application\/ld\+json/i.test(match[1] ?? '')) continue;
    const textStart = match.index + match[0].indexOf('>') + 1;
    const text = match[2] ?? '';
    blocks.push({ start: match.index, end: match.index + match[0].length, textStart, textEnd: textStart + text.length, text });
  }
  return blocks;
}

const replaceText = (html: string, block: LdBlock, text: string): string => html.slice(0, block.textStart) + text + html.slice(block.textEnd);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function truncateJsonLd(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) return null;
  const index = random.int(0, blocks.length - 1);
  const block = blocks[index]!;
  const cut = Math.floor(block.text.length * (0.1 + random.next() * 0.85));
  return { html: replaceText(html, block, block.text.slice(0, cut)), label: `truncate-json-ld(block ${index + 1} at ${cut}/${block.text.length})` };
}

/** Breaks a block's syntax without touching a digit: a quote, comma, colon or brace goes, or template garbage comes. */
function corruptJsonLd(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) return null;
  const index = random.int(0, blocks.length - 1);
  const block = blocks[index]!;
  // Not beside a digit: "18,09" or "1,249.00" must keep their separators, or the block would state another price.
  const structural = [...block.text.matchAll(/["{}:,[\]]/g)].map((m) => m.index).filter((at) => !/\d/.test(block.text[at - 1] ?? '') && !/\d/.test(block.text[at + 1] ?? ''));
  if (structural.length === 0) return null;
  const at = random.pick(structural);
  const kind = random.pick(['delete', 'template', 'quote']);
  const text =
    kind === 'delete'
      ? block.text.slice(0, at) + block.text.slice(at + 1)
      : kind === 'template'
        ? `${block.text.slice(0, at + 1)} {{ product.metafields.seo }} ${block.text.slice(at + 1)}`
        : `${block.text.slice(0, at)}'${block.text.slice(at + 1)}`;
  return { html: replaceText(html, block, text), label: `corrupt-json-ld(block ${index + 1}, ${kind} at ${at})` };
}

const CASED_KEYS = ['offers', 'price', 'priceCurrency', 'lowPrice', 'highPrice', 'availability', 'itemCondition', 'priceSpecification', 'isbn', 'gtin13', 'url'];

/** `Offers`, `Price`, `PRICECURRENCY`: the keys templates get wrong. */
function changeKeyCase(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) return null;
  const index = random.int(0, blocks.length - 1);
  const block = blocks[index]!;
  const keys = CASED_KEYS.filter((key) => block.text.includes(`"${key}"`) && random.chance(0.5));
  if (keys.length === 0) return null;
  const upper = random.chance(0.3);
  const recase = (key: string): string => (upper ? key.toUpperCase() : key[0]!.toUpperCase() + key.slice(1));
  let text = block.text;
  for (const key of keys) text = text.replace(new RegExp(`"${key}"(\\s*:)`, 'g'), (_m, colon: string) => `"${recase(key)}"${colon}`);
  return { html: replaceText(html, block, text), label: `json-ld-key-case(block ${index + 1}: ${keys.map(recase).join(', ')})` };
}

/** The same nodes in an `@graph`, in an array, or all blocks merged into one `@graph`. */
function wrapJsonLd(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) return null;
  const kind = random.pick(['graph', 'array', 'merge']);
  if (kind === 'merge') {
    const values = blocks.map((block) => parsed(block.text));
    if (values.some((value) => value === undefined) || blocks.length < 2) return null;
    const nodes = values.flatMap((value) => (Array.isArray(value) ? value : [value]));
    let out = html;
    for (const block of [...blocks].reverse().slice(0, -1)) out = out.slice(0, block.start) + out.slice(block.end);
    out = replaceText(out, blocks[0]!, JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }));
    return { html: out, label: `wrap-json-ld(merge ${blocks.length} blocks into one @graph)` };
  }
  const index = random.int(0, blocks.length - 1);
  const block = blocks[index]!;
  const body = block.text.trim();
  if (!/^[[{]/.test(body)) return null;
  const text = kind === 'graph' ? `{"@context": "https://schema.org", "@graph": [${body}]}` : `[${body}]`;
  return { html: replaceText(html, block, text), label: `wrap-json-ld(block ${index + 1} in ${kind === 'graph' ? '@graph' : 'an array'})` };
}

function reorderJsonLd(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length < 2) return null;
  const order = random.shuffle(blocks.map((_, i) => i));
  let out = '';
  let at = 0;
  blocks.forEach((block, slot) => {
    out += html.slice(at, block.start) + html.slice(blocks[order[slot]!]!.start, blocks[order[slot]!]!.end);
    at = block.end;
  });
  out += html.slice(at);
  return { html: out, label: `reorder-json-ld(${order.map((i) => i + 1).join(',')})` };
}

function duplicateJsonLd(html: string, random: Random): { html: string; label: string } | null {
  const blocks = jsonLdBlocks(html);
  if (blocks.length === 0) return null;
  const index = random.int(0, blocks.length - 1);
  const block = blocks[index]!;
  const copy = html.slice(block.start, block.end);
  const result = insertBlock(html, random, copy, `duplicate-json-ld(block ${index + 1})`);
  return result;
}

// ---- extra offers beside the page's own (JSON-LD) -------------------------------------------------------------

const TYPED_PRICE_KEYS = ['price', 'Price'];

interface OfferSlot {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  offer: Record<string, unknown>;
  /** The product (or edition) holding the offer, when it is a plain object. */
  product: Record<string, unknown> | undefined;
}

/** The offers of a parsed block whose price is the page's price (not price specifications: those are no offers). */
function offersWithPrice(value: unknown, amount: string): OfferSlot[] {
  const slots: OfferSlot[] = [];
  const visit = (node: unknown, holder: OfferSlot['holder'] | undefined, key: string | number | undefined, via: string, owner: Record<string, unknown> | undefined): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => visit(child, node, i, via, owner));
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const price = TYPED_PRICE_KEYS.map((k) => record[k]).find((v) => v !== undefined);
    const isOffer = /(^|:)Offer$/.test(String(record['@type'] ?? '')) || (record['@type'] === undefined && OFFER_PROPERTIES.has(via));
    if (isOffer && holder !== undefined && key !== undefined && (typeof price === 'number' || typeof price === 'string') && Number(price) === Number(amount)) {
      slots.push({ holder, key, offer: record, product: owner });
    }
    for (const [childKey, child] of Object.entries(record)) visit(child, record, childKey, childKey, record);
  };
  visit(value, undefined, undefined, '', undefined);
  return slots;
}

const OFFER_PROPERTIES = new Set(['offers', 'Offers', 'expectsAcceptanceOf']);

const isUsed = (node: Record<string, unknown> | undefined): boolean => /used/i.test(String(node?.['itemCondition'] ?? ''));

/** A used offer, a struck-through list price, an offer in another currency or a used AggregateOffer, beside the page's offer. */
function addExtraOffer(html: string, random: Random, page: PageFacts): { html: string; label: string } | null {
  if (page.expected === null) return null;
  const { amount, currency } = page.expected;
  const candidates = jsonLdBlocks(html).flatMap((block, index) => {
    const value = parsed(block.text);
    return value === undefined ? [] : offersWithPrice(value, amount).map((slot) => ({ block, index, value, slot }));
  });
  if (candidates.length === 0) return null;
  const { block, index, value, slot } = random.pick(candidates);
  if (isUsed(slot.offer) || isUsed(slot.product)) return null;
  const lower = (Number(amount) * (0.3 + random.next() * 0.5)).toFixed(2);
  const higher = (Number(amount) * (1.1 + random.next())).toFixed(2);
  const otherCurrency = ['EUR', 'USD', 'GBP', 'CHF'].find((c) => c !== currency && c !== page.storeCurrency)!;
  const kind = random.pick(['used', 'list-price', 'other-currency', 'used-aggregate']);
  const used = 'https://schema.org/UsedCondition';
  if (kind === 'list-price') {
    if (slot.offer['priceSpecification'] !== undefined) return null;
    slot.offer['priceSpecification'] = { '@type': 'UnitPriceSpecification', priceType: random.pick(['https://schema.org/StrikethroughPrice', 'https://schema.org/ListPrice']), price: higher, priceCurrency: currency };
  } else {
    const extra: Record<string, unknown> =
      kind === 'used'
        ? { '@type': 'Offer', price: decoyAmount(random, amount), priceCurrency: currency, itemCondition: used, availability: 'https://schema.org/InStock', seller: { '@type': 'Organization', name: 'Second Chance Books' } }
        : kind === 'other-currency'
          ? { '@type': 'Offer', price: (Number(amount) * 1.17).toFixed(2), priceCurrency: otherCurrency, eligibleRegion: { '@type': 'Country', name: 'CH' }, availability: 'https://schema.org/InStock' }
          : { '@type': 'AggregateOffer', lowPrice: lower, highPrice: decoyAmount(random, amount), offerCount: random.int(2, 12), priceCurrency: currency, itemCondition: used };
    const current = (slot.holder as Record<string | number, unknown>)[slot.key];
    const both = random.chance(0.5) ? [current, extra] : [extra, current];
    if (Array.isArray(slot.holder)) slot.holder.splice(Number(slot.key), 1, ...both);
    else slot.holder[slot.key] = both;
  }
  return { html: replaceText(html, block, JSON.stringify(value, null, random.chance(0.5) ? 2 : undefined)), label: `extra-offer(${kind} in block ${index + 1})` };
}

// ---- the visible price split over elements ----------------------------------------------------------------------

/** Regions whose text is not the page's visible text: tags, comments, scripts, styles, the title. */
function opaqueRanges(html: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  const pattern = /<!--[\s\S]*?(?:-->|$)|<(script|style|title|textarea|template|noscript)\b[\s\S]*?(?:<\/\1\s*>|$)|<[^>]*>/gi;
  for (let m = pattern.exec(html); m !== null; m = pattern.exec(html)) ranges.push([m.index, m.index + m[0].length]);
  return ranges;
}

function amountPattern(amount: string): RegExp {
  const [whole = '', fraction = ''] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "['.,\\u00a0\\u202f ]?");
  return new RegExp(`(?<![\\d.,])(${grouped})([.,])(${fraction})(?![\\d])`, 'g');
}

/** `18<sup>09</sup>`, whole and fraction spans, a line break after the currency sign: the price still reads the same. */
function splitVisiblePrice(html: string, random: Random, page: PageFacts): { html: string; label: string } | null {
  if (page.expected === null || !page.expected.amount.includes('.')) return null;
  const opaque = opaqueRanges(html);
  const visible = (at: number): boolean => {
    let low = 0;
    let high = opaque.length - 1;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const [start, end] = opaque[mid]!;
      if (at < start) high = mid - 1;
      else if (at >= end) low = mid + 1;
      else return false;
    }
    return true;
  };
  const hits = [...html.matchAll(amountPattern(page.expected.amount))].filter((m) => visible(m.index));
  if (hits.length === 0) return null;
  const hit = random.pick(hits);
  const [text, whole, separator, fraction] = [hit[0], hit[1]!, hit[2]!, hit[3]!];
  const kind = random.pick(['sup', 'spans', 'spans-no-separator', 'line-break']);
  const replacement =
    kind === 'sup'
      ? `${whole}<sup>${fraction}</sup>`
      : kind === 'spans'
        ? `<span class="price-whole">${whole}<span class="price-decimal">${separator}</span></span><span class="price-fraction">${fraction}</span>`
        : kind === 'spans-no-separator'
          ? `<span class="price-whole">${whole}</span><span class="price-fraction">${fraction}</span>`
          : `\n  ${whole}${separator}${fraction}\n`;
  const before = html.slice(0, hit.index);
  const openTag = before.slice(before.lastIndexOf('<'));
  const where = /itemprop\s*=/.test(openTag) ? ', inside an itemprop element' : '';
  return { html: before + replacement + html.slice(hit.index + text.length), label: `split-visible-price(${kind} "${text}"${where})` };
}
