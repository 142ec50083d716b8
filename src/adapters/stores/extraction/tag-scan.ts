import { Parser } from 'htmlparser2';
import { PriceTextBuilder } from './element-price-text.js';
import { markupOf, type SkippedPart } from './markup.js';
import { namesOf, roleOf } from './price-names.js';

/** One microdata property value: from an attribute (content, href, value…), a machine value; else the element's text. */
export interface Property {
  value: string;
  machine: boolean;
  /**
   * The text ran digits of two elements together with nothing between them on the page (`12<span>99</span> €`, see
   * element-price-text.ts): no price can be read from it, whatever a parser makes of `value` ("12 | 99 €").
   */
  split?: true;
  /**
   * The element, or one around it, is marked as a price before the sale: `<del>`, `<s>`, `<strike>`, or names such as
   * `old-price`, `data-price-type="oldPrice"` (price-names.ts); also text whose only price sits in such a child.
   */
  old?: true;
  /**
   * Text read from an element whose children are marked with a role (an old price in `<del>` or `.old-price`, a saving,
   * a unit price): the text without those children, when they held digits (`71,91 € <del>79,90 €</del>` → "71,91 €").
   */
  unmarked?: { value: string; split: boolean };
}

/** An `itemscope` (or the document outside any), with the properties read in it, in document order. */
export interface Scope {
  props: Map<string, Property[]>;
  parent: Scope | null;
  /** The item's type, short and lower-case ("book", "itemlist"); empty outside any item. */
  type?: string;
  /** The properties by which the item is attached to its parent ("offers", "itemlistelement", "isrelatedto"). */
  attachedAs?: string[];
  /** The item's global identifier (`itemid`). */
  id?: string;
}

export interface TagScan {
  /** Every scope in document order; the first is the document outside any itemscope. */
  scopes: Scope[];
  /** `<meta property|name=… content=…>` values by lower-case key (keys with a colon), in document order, 20 per key. */
  meta: Map<string, string[]>;
}

const READ = new Set(['price', 'lowprice', 'highprice', 'pricecurrency', 'pricetype', 'availability', 'itemcondition', 'isbn', 'gtin13', 'gtin', 'gtin14', 'url']);
const shortName = (name: string): string => name.replace(/^.*[/#]/, '').toLowerCase();
const SKIPPED = new Set(['script', 'style', 'noscript', 'template']);
const PER_NAME = 20;
const TEXT_NODES = 2_000;

interface OpenElement {
  /** The scope this element's children belong to. */
  scope: Scope;
  skipped: boolean;
  /** Properties waiting for this element's text. */
  capture: TextCapture | null;
  /** The tag and attributes, to tell later whether the element marks an old price (asked for price properties only). */
  name: string;
  attribs: Record<string, string>;
  /** Whether it marks an old price: computed when a price property inside it asks. */
  marksOld?: boolean;
}

interface TextCapture {
  properties: Property[];
  text: PriceTextBuilder;
  nodes: number;
  /** The text without children marked with a role (an old price, a saving…), and whether those held digits. */
  rest: PriceTextBuilder;
  leftOut: boolean;
  /** Elements open inside the capture, and the depth of the role-marked child being left out (0: none). */
  depth: number;
  skipAt: number;
}

const STRUCK = new Set(['del', 's', 'strike']);

/** Whether an element's markup says it holds an old (list, struck-through) price; `own`: it is the price element. */
function isOldMarked(name: string, attribs: Record<string, string>, own: boolean): boolean {
  return STRUCK.has(name) || (hasNames(attribs) && roleOf(namesOf(attribs), own) === 'old');
}

/** Price properties whose markup may say they are a price before the sale. */
const PRICES = new Set(['price', 'lowprice', 'highprice']);

/**
 * Whether an element inside an item, or one around it up to the outermost item, marks an old price. Asked only for
 * price properties, walking up the open elements: computing it for every element of a page cost more than the scan.
 */
function insideOldMark(stack: OpenElement[], outside: Scope): boolean {
  for (let i = stack.length - 1; i >= 0; i--) {
    const element = stack[i] as OpenElement;
    if (element.scope === outside) return false;
    element.marksOld ??= isOldMarked(element.name, element.attribs, false);
    if (element.marksOld) return true;
  }
  return false;
}

/**
 * Whether a child of a price element holds something else than the price (an old price, a saving, a unit price). Not
 * a member or loyalty price: "non-member-price" names the regular one, so which part is the price stays unsure.
 */
function isRoleMarked(name: string, attribs: Record<string, string>): boolean {
  if (STRUCK.has(name)) return true;
  if (!hasNames(attribs)) return false;
  const role = roleOf(namesOf(attribs), true);
  return role !== null && !UNSURE_ROLES.has(role);
}
const UNSURE_ROLES: ReadonlySet<string> = new Set(['related', 'member']);

/** Cheap first look: only class, id, itemprop, aria-label and data-* attributes name a role. */
function hasNames(attribs: Record<string, string>): boolean {
  for (const key in attribs) if (key === 'class' || key === 'id' || key.startsWith('data-')) return true;
  return false;
}

/**
 * Microdata and meta tags in one streaming pass of htmlparser2's tokenizer, without building a DOM: the product
 * pages of most stores carry one of them, and the DOM was most of the CPU of reading such a page. The tokenizer reads
 * the page's markup only (markup.ts: no script, style or template bodies, no comments). Same rules as a DOM walk:
 * script, style, noscript and template subtrees hold no microdata (meta tags in a noscript count); an element with
 * `itemscope` opens a scope and its own `itemprop` is not read; a value comes from the attribute the HTML standard
 * names for the element (or `content`), else from the element's text read as a price text (element-price-text.ts:
 * `18<sup>09</sup>` is "18.09"), whitespace collapsed, at most LIMITS.textChars characters. `parts`: the page's
 * comments, scripts, styles and templates, when a scan of the page noted them (json-ld-blocks.ts).
 */
export function scanTags(html: string, parts?: readonly SkippedPart[]): TagScan {
  const outside: Scope = { props: new Map(), parent: null };
  const scopes: Scope[] = [outside];
  const meta = new Map<string, string[]>();
  const stack: OpenElement[] = [];
  const captures: TextCapture[] = [];
  let skipDepth = 0;

  const current = (): Scope => stack.at(-1)?.scope ?? outside;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'meta') readMeta(attribs, meta);
        for (const capture of captures) {
          capture.nodes++;
          capture.text.open(name, attribs);
          capture.depth++;
          if (capture.skipAt === 0 && isRoleMarked(name, attribs)) capture.skipAt = capture.depth;
          if (capture.skipAt === 0) capture.rest.open(name, attribs);
        }
        const parentScope = current();
        const skipped = SKIPPED.has(name);
        if (skipDepth > 0 || skipped) {
          if (skipped) skipDepth++;
          stack.push({ scope: parentScope, skipped, capture: null, name, attribs });
          return;
        }
        const creates = 'itemscope' in attribs;
        let scope = parentScope;
        if (creates) {
          scope = { props: new Map(), parent: parentScope, type: shortName((attribs['itemtype'] ?? '').trim().split(/\s+/)[0] ?? '') };
          const attachedAs = attribs['itemprop']?.trim().split(/\s+/).map(shortName);
          if (attachedAs !== undefined) scope.attachedAs = attachedAs;
          if (attribs['itemid'] !== undefined) scope.id = attribs['itemid'];
          scopes.push(scope);
        }
        let capture: TextCapture | null = null;
        const itemprop = attribs['itemprop'];
        if (itemprop !== undefined && !creates) {
          const attribute = machineAttribute(name, attribs);
          const machine = attribute !== undefined && attribute.trim() !== '';
          let old: boolean | undefined;
          for (const raw of itemprop.trim().split(/\s+/)) {
            const prop = shortName(raw);
            if (!READ.has(prop)) continue;
            const list = parentScope.props.get(prop) ?? [];
            if (list.length >= PER_NAME) continue;
            const property: Property = { value: machine ? (attribute as string) : '', machine };
            // Old-price marks count inside items only: microdata prices sit there.
            if (PRICES.has(prop) && parentScope !== outside) old ??= isOldMarked(name, attribs, true) || insideOldMark(stack, outside);
            if (PRICES.has(prop) && old === true) property.old = true;
            list.push(property);
            parentScope.props.set(prop, list);
            if (!machine) {
              capture ??= { properties: [], text: new PriceTextBuilder(), nodes: 0, rest: new PriceTextBuilder(), leftOut: false, depth: 0, skipAt: 0 };
              capture.properties.push(property);
            }
          }
          if (capture) captures.push(capture);
        }
        stack.push({ scope, skipped: false, capture, name, attribs });
      },
      ontext(text) {
        if (skipDepth > 0 || captures.length === 0) return;
        for (const capture of captures) {
          capture.nodes++;
          if (capture.nodes > TEXT_NODES) continue;
          capture.text.add(text);
          if (capture.skipAt === 0) capture.rest.add(text);
          else if (/\d/.test(text)) capture.leftOut = true;
        }
      },
      onclosetag() {
        const element = stack.pop();
        if (!element) return;
        if (element.skipped) skipDepth--;
        const capture = element.capture;
        if (capture) {
          captures.splice(captures.lastIndexOf(capture), 1);
          const text = capture.text.toString();
          const split = capture.text.split;
          const rest = capture.rest.toString();
          for (const property of capture.properties) {
            property.value = text;
            if (split) property.split = true;
            if (!capture.leftOut) continue;
            // The only price of the text sat in a marked child: an element holding just an old price.
            if (/\d/.test(rest)) property.unmarked = { value: rest, split: capture.rest.split };
            else property.old = true;
          }
        }
        for (const open of captures) {
          if (open.skipAt === open.depth) open.skipAt = 0;
          open.depth--;
          open.text.close();
          open.rest.close();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(markupOf(html, { parts }));
  return { scopes, meta };
}

/** The microdata value attribute of an element (HTML Living Standard §microdata, plus `content` on any element). */
function machineAttribute(name: string, attribs: Record<string, string>): string | undefined {
  switch (name) {
    case 'meta':
      return attribs['content'];
    case 'link':
    case 'a':
    case 'area':
      return attribs['href'] ?? attribs['content'];
    case 'data':
    case 'meter':
      return attribs['value'];
    case 'time':
      return attribs['datetime'];
    default:
      return attribs['content'];
  }
}

function readMeta(attribs: Record<string, string>, meta: Map<string, string[]>): void {
  if (attribs['property'] === undefined && attribs['name'] === undefined) return;
  const key = (attribs['property'] ?? attribs['name'] ?? '').trim().toLowerCase();
  const content = attribs['content'];
  if (!key.includes(':') || content === undefined) return;
  const list = meta.get(key) ?? [];
  if (list.length < PER_NAME) list.push(content);
  meta.set(key, list);
}
